import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { PRIVACY_POLICY_VERSION } from '@common/privacy';
import { getUserInfo, reloadSessionFromStorage, setSession } from '@/lib/session';
import { stubFetch } from '@/test/fetch';
import { testUser } from '@/test/user';
import PrivacyConsent from './PrivacyConsent';

beforeEach(() => {
  sessionStorage.clear();
  reloadSessionFromStorage();
});

describe('<PrivacyConsent>', () => {
  it('asks a user whose agreed version is older (or none) and stores the agreement through the API', async () => {
    setSession('t1', { ...testUser, privacyVersion: null });
    const { requests } = stubFetch(({ url, method }) => {
      if (method === 'POST' && url === '/api/user/privacy-consent')
        return { body: { success: true, data: { ...testUser, privacyVersion: PRIVACY_POLICY_VERSION } } };
      return { status: 404, body: { success: false, message: 'not stubbed' } };
    });
    render(<PrivacyConsent />);
    expect(screen.getByRole('region', { name: '隐私政策已更新' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '阅读《隐私政策》' }).getAttribute('href')).toBe('/privacy');
    fireEvent.click(screen.getByRole('button', { name: '同意并继续' }));
    await waitFor(() => expect(screen.queryByTestId('privacy-consent')).toBeNull());
    expect(requests.filter((r) => r.url === '/api/user/privacy-consent').map((r) => r.body)).toEqual([{ version: PRIVACY_POLICY_VERSION }]);
    expect(getUserInfo()?.privacyVersion).toBe(PRIVACY_POLICY_VERSION);
  });

  it('asks nothing of a user who agreed to the current version, nor before user-data has said', () => {
    setSession('t1', { ...testUser, privacyVersion: PRIVACY_POLICY_VERSION });
    const { container, rerender } = render(<PrivacyConsent />);
    expect(container.innerHTML).toBe('');
    setSession('t1', testUser);
    rerender(<PrivacyConsent />);
    expect(container.innerHTML).toBe('');
  });
});
