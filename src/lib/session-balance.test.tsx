/** A publish answers the balance after its charge: it shows everywhere at once, with no user-data request. */
import { act, render, screen, waitFor } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '@/test/fetch';
import { logIn, testUser } from '@/test/user';
import { getUserInfo, reloadSessionFromStorage, setCurrentBalance, useCurrentUser } from './session';

function Balance() {
  const { user } = useCurrentUser();
  return <p data-testid="balance">{user?.integral}</p>;
}

describe('setCurrentBalance', () => {
  it('shows the answered balance on screen and in the stored session without asking the server', async () => {
    logIn({ ...testUser, integral: 500 });
    const { requests } = stubFetch(() => ({ body: { success: true, data: { ...testUser, integral: 500 } } }));
    render(
      <SWRConfig value={{ dedupingInterval: 0 }}>
        <Balance />
      </SWRConfig>,
    );
    await waitFor(() => expect(requests.filter((r) => r.url.includes('/user/user-data'))).toHaveLength(1));
    await waitFor(() => expect(screen.getByTestId('balance').textContent).toBe('500'));

    act(() => setCurrentBalance(310));

    await waitFor(() => expect(screen.getByTestId('balance').textContent).toBe('310'));
    expect(requests.filter((r) => r.url.includes('/user/user-data'))).toHaveLength(1);
    reloadSessionFromStorage();
    expect(getUserInfo()?.integral).toBe(310);
  });

  it('does nothing without a session', () => {
    sessionStorage.clear();
    reloadSessionFromStorage();
    setCurrentBalance(310);
    expect(getUserInfo()).toBeNull();
  });
});
