import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import MenuButton, { type MenuButtonItem } from './MenuButton';

function renderMenu(onLogout = vi.fn()) {
  const items: MenuButtonItem[] = [
    { key: 'center', href: '/user/center', label: '个人中心' },
    { key: 'recharge', href: '/recharge/integral', label: '积分充值' },
    { key: 'divider', divider: true },
    { key: 'logout', onSelect: onLogout, label: '退出登录', danger: true },
  ];
  render(
    <div>
      <MenuButton items={items} aria-label="账户菜单" data-testid="user-menu">
        头像
      </MenuButton>
      <p>outside</p>
    </div>,
  );
  return onLogout;
}

const button = () => screen.getByTestId('user-menu');
const menu = () => screen.queryByRole('menu');
const item = (name: string) => screen.getByRole('menuitem', { name });

describe('MenuButton', () => {
  it('is a closed menu button until used', () => {
    renderMenu();
    expect(button().getAttribute('aria-haspopup')).toBe('menu');
    expect(button().getAttribute('aria-expanded')).toBe('false');
    expect(menu()).toBeNull();
  });

  it('opens on mouse hover with the items in order, links and the red action, and closes when the mouse leaves', async () => {
    renderMenu();
    fireEvent.pointerEnter(button().parentElement!, { pointerType: 'mouse' });
    expect(button().getAttribute('aria-expanded')).toBe('true');
    expect(button().getAttribute('aria-controls')).toBe(menu()!.id);
    expect(screen.getAllByRole('menuitem').map((el) => el.textContent)).toEqual(['个人中心', '积分充值', '退出登录']);
    expect(item('个人中心').getAttribute('href')).toBe('/user/center');
    expect(item('退出登录').className).toContain('menu-button-item-danger');
    expect(screen.getByRole('separator')).toBeTruthy();
    fireEvent.pointerLeave(button().parentElement!, { pointerType: 'mouse' });
    await waitFor(() => expect(menu()).toBeNull());
    expect(button().getAttribute('aria-expanded')).toBe('false');
  });

  it('opens on a tap (touch sends no hover) and the chosen action runs and closes the menu', () => {
    const onLogout = renderMenu();
    fireEvent.pointerEnter(button().parentElement!, { pointerType: 'touch' });
    expect(menu()).toBeNull();
    fireEvent.click(button(), { detail: 1 });
    expect(menu()).not.toBeNull();
    fireEvent.click(item('退出登录'));
    expect(onLogout).toHaveBeenCalledTimes(1);
    expect(menu()).toBeNull();
  });

  it('opens from the keyboard onto the first item; arrows (wrapping), Home and End move; Escape closes onto the button', async () => {
    renderMenu();
    button().focus();
    fireEvent.click(button(), { detail: 0 }); // Enter or Space on a button
    await waitFor(() => expect(document.activeElement).toBe(item('个人中心')));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(item('积分充值'));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(item('退出登录'));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(item('个人中心'));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(item('退出登录'));
    fireEvent.keyDown(document.activeElement!, { key: 'Home' });
    expect(document.activeElement).toBe(item('个人中心'));
    fireEvent.keyDown(document.activeElement!, { key: 'End' });
    expect(document.activeElement).toBe(item('退出登录'));
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(menu()).toBeNull();
    expect(document.activeElement).toBe(button());
  });

  it('opens with ArrowUp onto the last item', async () => {
    renderMenu();
    button().focus();
    fireEvent.keyDown(button(), { key: 'ArrowUp' });
    await waitFor(() => expect(document.activeElement).toBe(item('退出登录')));
  });

  it('a click opens and a second click closes; a press outside closes; a click after hover keeps it open', () => {
    renderMenu();
    fireEvent.click(button(), { detail: 1 });
    expect(menu()).not.toBeNull();
    fireEvent.click(button(), { detail: 1 });
    expect(menu()).toBeNull();
    fireEvent.click(button(), { detail: 1 });
    act(() => {
      fireEvent.pointerDown(screen.getByText('outside'));
    });
    expect(menu()).toBeNull();
    fireEvent.pointerEnter(button().parentElement!, { pointerType: 'mouse' });
    fireEvent.click(button(), { detail: 1 });
    expect(menu()).not.toBeNull();
  });
});
