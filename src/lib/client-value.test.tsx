import { act } from 'react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot } from 'react-dom/client';
import { describe, expect, it, vi } from 'vitest';
import { useClientValue } from './client-value';

function Invite({ read }: { read: () => string }) {
  return <output>{useClientValue(read, '') || '-'}</output>;
}

// React's act() outside @testing-library/react (which sets it itself) needs to be told it runs in tests.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

describe('useClientValue', () => {
  it('hydrates what the prerendered HTML holds, then shows the browser value, without a mismatch', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Invite read={() => 'never on the server'} />);
    expect(container.textContent).toBe('-');
    const recoverable = vi.fn();
    await act(async () => {
      hydrateRoot(container, <Invite read={() => 'ABC123'} />, { onRecoverableError: recoverable });
    });
    expect(container.textContent).toBe('ABC123');
    expect(recoverable).not.toHaveBeenCalled();
  });
});
