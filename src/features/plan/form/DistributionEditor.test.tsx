import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadNamespaces } from '@/lib/i18n';
import { applyFormChange, initialFlowForm, type FlowFormState } from './form';
import { firstDayFromHour } from '@common/distribution';
import DistributionEditor from './DistributionEditor';

beforeAll(async () => {
  await loadNamespaces('flow');
});

const SH = 'Asia/Shanghai';
const at1030 = new Date('2026-03-10T02:30:00Z'); // 10:30 in Shanghai

/** The editor wired the way PlanFormFields wires it, on a fixed clock. */
function Harness({ start }: { start: FlowFormState }) {
  const [state, setState] = useState(start);
  const change = (patch: Partial<FlowFormState>) => setState((s) => applyFormChange(s, patch));
  return (
    <>
      <DistributionEditor
        preset={state.preset}
        distribution={state.distribution}
        dailyCount={state.dailyCount}
        cutBefore={firstDayFromHour(state.startDate, at1030, SH)}
        onPreset={(preset) => change({ preset })}
        onHours={(distribution) => change({ distribution })}
      />
      <output data-testid="daily">{state.dailyCount}</output>
    </>
  );
}

const hourInput = (hour: number) => screen.getByLabelText(`${hour} 点`) as HTMLInputElement;

describe('<DistributionEditor>', () => {
  it('is folded until asked, then shows the full daily pattern with today’s begun hours marked, not emptied', () => {
    const start = applyFormChange(initialFlowForm('2026-03-10', 240), { preset: 'even' });
    render(<Harness start={start} />);
    expect(screen.queryByLabelText('0 点')).toBeNull();
    expect(screen.getByTestId('distribution-cut-hint').textContent).toBe('今日 11 点前的时段已开始，今天不下发；次日起按此分布执行');
    fireEvent.click(screen.getByTestId('distribution-toggle'));
    for (let h = 0; h < 24; h++) expect(hourInput(h).value).toBe('10');
    expect(hourInput(3).closest('label')!.className).toContain('is-cut');
    expect(hourInput(11).closest('label')!.className).not.toContain('is-cut');
    expect(screen.getByTestId('distribution-sum').textContent).toBe('合计 240 / 每日 240');
  });

  it('in custom mode an edited hour moves the daily count with the sum', () => {
    render(<Harness start={initialFlowForm('2026-03-11', 100)} />);
    fireEvent.click(screen.getByTestId('distribution-toggle'));
    expect(hourInput(20).disabled).toBe(true); // presets are not edited by hand
    fireEvent.click(screen.getByText('自定义'));
    expect(hourInput(20).disabled).toBe(false);
    const before = Number(hourInput(20).value);
    fireEvent.change(hourInput(20), { target: { value: String(before + 25) } });
    expect(screen.getByTestId('daily').textContent).toBe('125');
    expect(screen.getByTestId('distribution-sum').textContent).toBe('合计 125 / 每日 125');
    expect(screen.queryByTestId('distribution-cut-hint')).toBeNull();
  });
});
