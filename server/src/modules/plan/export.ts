/**
 * The plan list as an .xlsx (the plan list's spreadsheet export), written with exceljs's streaming
 * WorkbookWriter straight into the response while the rows are read in cursor pages, so a user
 * with tens of thousands of plans never sits in memory at once.
 */
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { Executor } from '../../db/client.ts';
import { PLATFORM_LABELS, type FlowType } from '../../../../common/domain.ts';
import { iteratePlans, toPlanRow, type PlanFilters } from './plans.ts';
import { formatLocalDateTime } from '../../../../common/zoned-time.ts';

export const EXPORT_COLUMNS = [
  { header: '计划ID', key: 'id', width: 10 },
  { header: '平台', key: 'platform', width: 10 },
  { header: '商品标题', key: 'title', width: 36 },
  { header: '商品ID', key: 'itemId', width: 16 },
  { header: '商品链接', key: 'itemUrl', width: 48 },
  { header: '店铺', key: 'shopName', width: 16 },
  { header: '关键词', key: 'keywords', width: 30 },
  { header: '基础服务', key: 'configName', width: 12 },
  { header: '深度条件', key: 'options', width: 36 },
  { header: '每日数量', key: 'dailyCount', width: 10 },
  { header: '天数', key: 'days', width: 8 },
  { header: '开始日期', key: 'startDate', width: 12 },
  { header: '结束时间', key: 'endAt', width: 20 },
  { header: '时间分布', key: 'distribution', width: 40 },
  { header: '单价(积分)', key: 'unitCost', width: 10 },
  { header: '折扣', key: 'discount', width: 8 },
  { header: '首日任务数', key: 'firstDayCount', width: 10 },
  { header: '总数量', key: 'totalCount', width: 10 },
  { header: '已下发', key: 'dispatched', width: 10 },
  { header: '原价(积分)', key: 'originalCost', width: 12 },
  { header: '会员优惠(积分)', key: 'saving', width: 12 },
  { header: '总费用(积分)', key: 'totalCost', width: 12 },
  { header: '已退款(积分)', key: 'refunded', width: 12 },
  { header: '状态', key: 'statusText', width: 10 },
  { header: '创建时间', key: 'createdAt', width: 20 },
  { header: '停止时间', key: 'stoppedAt', width: 20 },
] as const;

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export async function writePlansWorkbook(
  out: Writable,
  db: Executor,
  userId: number,
  filters: PlanFilters,
  now: Date,
  timeZone: string,
): Promise<number> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
  const sheet = workbook.addWorksheet('计划列表');
  sheet.columns = EXPORT_COLUMNS.map((c) => ({ ...c }));
  let written = 0;
  for await (const batch of iteratePlans(db, userId, filters, now, timeZone)) {
    // The client went away (the reply destroys the stream): stop reading pages.
    if (out.destroyed) throw new Error('export aborted: the response stream is closed');
    for (const record of batch) {
      const p = toPlanRow(record, now, timeZone);
      // 原价 is tasks x unit; the member saving is what the charge took off it (common/plan-cost.ts).
      const originalCost = p.totalCount * p.unitCost;
      sheet
        .addRow({
          id: p.id,
          platform: PLATFORM_LABELS[p.flowType as FlowType],
          title: p.title,
          itemId: p.itemId,
          itemUrl: p.itemUrl,
          shopName: p.shopName ?? '',
          keywords: p.keywords.join('、'),
          configName: p.configName,
          options: p.options.map((o) => `${o.conditionLabel}：${o.optionLabel}`).join('；'),
          dailyCount: p.dailyCount,
          days: p.days,
          startDate: p.startDate,
          endAt: formatLocalDateTime(record.endAt, timeZone),
          distribution: p.distribution.join(','),
          unitCost: p.unitCost,
          discount: `${record.discountPercent}%`,
          firstDayCount: p.firstDayCount,
          totalCount: p.totalCount,
          dispatched: p.dispatched,
          originalCost,
          saving: originalCost - p.totalCost,
          totalCost: p.totalCost,
          refunded: p.refunded,
          statusText: p.statusText,
          createdAt: formatLocalDateTime(record.createdAt, timeZone),
          stoppedAt: record.stoppedAt ? formatLocalDateTime(record.stoppedAt, timeZone) : '',
        })
        .commit();
      written++;
    }
    // Let the client catch up before reading the next page.
    if (out.writableNeedDrain) await once(out, 'drain');
  }
  sheet.commit();
  await workbook.commit();
  return written;
}
