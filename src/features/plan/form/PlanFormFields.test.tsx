/**
 * The plan form's fields wired as the publish page wires them (its state setter as `onChange`):
 * what the seller types while the item lookup runs is still there when the lookup answers.
 */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BaseService } from '@common/api-types';
import { loadNamespaces } from '@/lib/i18n';
import { stubFetch } from '@/test/fetch';
import { logIn } from '@/test/user';
import { initialFlowForm, type FlowFormState } from './form';
import PlanFormFields from './PlanFormFields';

const SH = 'Asia/Shanghai';
const CONFIGS: BaseService[] = [{ id: 1, name: '搜索浏览', integral: 2, conditionList: [] }];
const SHARE = '【淘宝】https://item.taobao.com/item.htm?id=612345678901 CZ3457 「分享里的标题」';

/** The form after the latest change. */
let latest: FlowFormState;

/** As PlanPublisher: `onChange={setForm}`. */
function Page() {
  const [form, setForm] = useState<FlowFormState>(() => ({ ...initialFlowForm(''), configId: 1 }));
  const onChange = (next: FlowFormState) => {
    latest = next;
    setForm(next);
  };
  return <PlanFormFields flowType="tb" configs={CONFIGS} value={form} onChange={onChange} withStartDate={false} timeZone={SH} />;
}

beforeAll(async () => {
  await loadNamespaces('flow');
});
beforeEach(() => {
  logIn(
    { phone: '13800138000', memberLevel: 1, memberLevelDesc: '普通会员', integral: 0, memberDeadline: null, avatar: null },
    'test-token',
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('<PlanFormFields> with a lookup running', () => {
  it('keeps the pasted link and what was typed meanwhile when the lookup answers', async () => {
    let answer!: (v: { body: unknown }) => void;
    stubFetch(() => new Promise((resolve) => (answer = resolve)));
    render(<Page />);
    fireEvent.paste(screen.getByTestId('item-url'), { clipboardData: { getData: () => SHARE } });
    await screen.findByTestId('item-pending');
    // the pending line says the seller may go on filling the form: a keyword, the daily count
    fireEvent.change(screen.getByPlaceholderText('关键词 1'), { target: { value: '保温杯' } });
    expect(latest.keywords).toEqual(['保温杯']);

    await act(async () =>
      answer({
        body: {
          success: true,
          data: {
            flowType: 'tb',
            itemId: '612345678901',
            url: 'https://item.taobao.com/item.htm?id=612345678901',
            title: '保温杯 316不锈钢',
            lookup: 'found',
          },
        },
      }),
    );
    await screen.findByTestId('item-card');
    expect((screen.getByPlaceholderText('关键词 1') as HTMLInputElement).value).toBe('保温杯');
    expect(latest.keywords).toEqual(['保温杯']);
    expect((screen.getByTestId('item-url') as HTMLInputElement).value).toBe(SHARE);
    expect(latest).toMatchObject({ itemUrl: SHARE, title: '保温杯 316不锈钢', item: { itemId: '612345678901' } });
  });

  it('says what is wrong with a price that is not one', () => {
    const form: FlowFormState = {
      ...initialFlowForm(''),
      configId: 1,
      item: { itemId: '612345678901', url: 'https://item.taobao.com/item.htm?id=612345678901', price: Number.NaN },
      title: '保温杯',
    };
    render(
      <PlanFormFields
        flowType="tb"
        configs={CONFIGS}
        value={form}
        onChange={() => {}}
        errors={{ price: 'error.price' }}
        withStartDate={false}
        timeZone={SH}
      />,
    );
    expect(screen.getByText('商品价格请填写金额（元，如 39.9），不需要可清空')).toBeTruthy();
  });
});
