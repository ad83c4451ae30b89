import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadNamespaces } from '@/lib/i18n';
import { applyFormChange, initialFlowForm, type FlowFormState } from './form';
import { begunHours } from '@common/distribution';
import DistributionEditor from './DistributionEditor';

beforeAll(async () => {
  await loadNamespaces('flow');
});

const SH = 'Asia/Shanghai';
const at1030 = new Date('2026-03-10T02:30:00Z'); // 10:30 in Shanghai

/** The editor wired the way PlanFormFields wires it, on a fixed clock. */
function Harness({ start }: { start: FlowFormState }) {
  const [state, setState] = useState(start);
  const change = (patch: Partial<FlowFormState>) => setState((s) => applyFormChange(s, patch, SH, at1030));
  return (
    <>
      <DistributionEditor
        preset={state.preset}
        distribution={state.distribution}
        dailyCount={state.dailyCount}
        blockedHours={begunHours(state.startDate, at1030, SH)}
        onPreset={(preset) => change({ preset })}
        onHours={(distribution) => change({ distribution })}
      />
      <output data-testid="daily">{state.dailyCount}</output>
    </>
  );
}

const hourInput = (hour: number) => screen.getByLabelText(`${hour} 点`) as HTMLInputElement;

describe('<DistributionEditor>', () => {
  it('locks the hours already begun today at 0 and spreads the daily count over the rest', () => {
    const start = applyFormChange(initialFlowForm('2026-03-10', SH, 130, at1030), { preset: 'even' }, SH, at1030);
    render(<Harness start={start} />);
    for (let h = 0; h <= 10; h++) {
      expect(hourInput(h).disabled).toBe(true);
      expect(hourInput(h).value).toBe('0');
    }
    expect(hourInput(11).value).toBe('10');
    expect(screen.getByTestId('distribution-sum').textContent).toBe('合计 130 / 每日 130');
  });

  it('in custom mode an edited hour moves the daily count with the sum', () => {
    render(<Harness start={initialFlowForm('2026-03-11', SH, 100, at1030)} />);
    expect(hourInput(20).disabled).toBe(true); // presets are not edited by hand
    fireEvent.click(screen.getByText('自定义'));
    expect(hourInput(20).disabled).toBe(false);
    const before = Number(hourInput(20).value);
    fireEvent.change(hourInput(20), { target: { value: String(before + 25) } });
    expect(screen.getByTestId('daily').textContent).toBe('125');
    expect(screen.getByTestId('distribution-sum').textContent).toBe('合计 125 / 每日 125');
  });
});
