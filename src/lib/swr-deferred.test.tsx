import { render, screen } from '@testing-library/react';
import useSWR, { SWRConfig } from 'swr';
import { describe, expect, it } from 'vitest';
import { deferAnswers } from './swr-deferred';

type Seen = { isLoading: boolean; data?: string; error?: Error; answered: boolean };

// Set once the fetch has settled: renders after it are the answer's renders.
const answeredFlag = { value: false };

function Probe({ fetcher, seen }: { fetcher: () => Promise<string>; seen: Seen[] }) {
  const { data, error, isLoading } = useSWR('probe', fetcher);
  seen.push({ isLoading, data, error, answered: answeredFlag.value });
  return <output>{isLoading ? 'loading' : error ? `error ${error.message}` : data}</output>;
}

function setup(use: (typeof deferAnswers)[], answer: () => Promise<string>) {
  const seen: Seen[] = [];
  answeredFlag.value = false;
  const fetcher = () =>
    answer().finally(() => {
      answeredFlag.value = true;
    });
  render(
    <SWRConfig value={{ provider: () => new Map(), use, dedupingInterval: 0 }}>
      <Probe fetcher={fetcher} seen={seen} />
    </SWRConfig>,
  );
  return seen;
}

describe('deferAnswers', () => {
  it('renders an arrived answer in a later, interruptible pass: the urgent pass still shows the previous state', async () => {
    const seen = setup([deferAnswers], async () => 'plans');
    expect(await screen.findByText('plans')).toBeTruthy();
    // After the fetch settled, React rendered at least once more with the old answer (the urgent
    // pass SWR's store forces), then the deferred pass with the new one.
    const afterAnswer = seen.filter((render) => render.answered);
    expect(afterAnswer[0]).toMatchObject({ isLoading: true, data: undefined });
    expect(afterAnswer.at(-1)).toMatchObject({ isLoading: false, data: 'plans' });
  });

  it('without it, the answer is rendered in the very pass the store forces (what the middleware changes)', async () => {
    const seen = setup([], async () => 'plans');
    expect(await screen.findByText('plans')).toBeTruthy();
    expect(seen.filter((render) => render.answered)[0]).toMatchObject({ isLoading: false, data: 'plans' });
  });

  it('moves data, error and loading together: never "loaded" without data or error', async () => {
    const seen = setup([deferAnswers], async () => {
      throw new Error('503');
    });
    expect(await screen.findByText('error 503')).toBeTruthy();
    for (const render of seen) {
      if (!render.isLoading) expect(render.data !== undefined || render.error !== undefined).toBe(true);
    }
  });
});
