/**
 * The operator console at /admin: its own layout (side menu, no user-facing top bar), loaded lazily
 * with the `admin` catalogue namespace. Who may see what is decided by the server (403 answers);
 * the menu only hides what the signed-in role cannot open.
 */
import { Suspense, lazy } from 'react';
import { Button, Layout, Menu, Result, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRoleNames } from './names';
import { Link, Redirect, Route, Switch, useLocation } from 'wouter';
import { useConsoleMe } from './api';
import OrdersPage from './pages/OrdersPage';
import UsersPage from './pages/UsersPage';
import UserPage from './pages/UserPage';
import GoodsPage from './pages/GoodsPage';
import PricesPage from './pages/PricesPage';
import ContactsPage from './pages/ContactsPage';
import AnnouncementsPage from './pages/AnnouncementsPage';
import AuditPage from './pages/AuditPage';
import ReconciliationPage from './pages/ReconciliationPage';
import ItemProvidersPage from './pages/ItemProvidersPage';
import './admin.css';

// The dashboard brings the chart library: loaded only when it is opened.
const StatsPage = lazy(() => import('./pages/StatsPage'));

type MenuKey =
  'orders' | 'users' | 'stats' | 'reconciliation' | 'itemProviders' | 'goods' | 'prices' | 'contacts' | 'announcements' | 'audit';

const MENU: Array<{ path: string; key: MenuKey; adminOnly?: boolean }> = [
  { path: '/admin/orders', key: 'orders' },
  { path: '/admin/users', key: 'users' },
  { path: '/admin/stats', key: 'stats' },
  { path: '/admin/reconciliation', key: 'reconciliation' },
  { path: '/admin/item-providers', key: 'itemProviders' },
  { path: '/admin/goods', key: 'goods', adminOnly: true },
  { path: '/admin/prices', key: 'prices', adminOnly: true },
  { path: '/admin/contacts', key: 'contacts', adminOnly: true },
  { path: '/admin/announcements', key: 'announcements', adminOnly: true },
  { path: '/admin/audit', key: 'audit', adminOnly: true },
];

export default function AdminApp() {
  const { t } = useTranslation('admin');
  const roles = useRoleNames();
  const menu: Record<MenuKey, string> = {
    orders: t('menu.orders'),
    users: t('menu.users'),
    stats: t('menu.stats'),
    reconciliation: t('menu.reconciliation'),
    itemProviders: t('menu.itemProviders'),
    goods: t('menu.goods'),
    prices: t('menu.prices'),
    contacts: t('menu.contacts'),
    announcements: t('menu.announcements'),
    audit: t('menu.audit'),
  };
  const [location] = useLocation();
  const { data: me, error, isLoading } = useConsoleMe();
  if (isLoading) return <Spin className="admin-loading" />;
  if (error || !me) {
    return (
      <Result
        status="403"
        title={t('forbidden.title')}
        subTitle={t('forbidden.text')}
        extra={
          <Link href="/">
            <Button type="primary">{t('forbidden.home')}</Button>
          </Link>
        }
      />
    );
  }
  const items = MENU.filter((m) => !m.adminOnly || me.role === 'admin').map((m) => ({
    key: m.path,
    label: <Link href={m.path}>{menu[m.key]}</Link>,
  }));
  const selected = MENU.find((m) => location.startsWith(m.path))?.path ?? '/admin/orders';
  return (
    <Layout className="admin-layout">
      <Layout.Sider breakpoint="md" collapsedWidth={0} theme="light" width={180}>
        <Typography.Title level={4} className="admin-brand">
          {t('title')}
        </Typography.Title>
        <Menu mode="inline" selectedKeys={[selected]} items={items} />
      </Layout.Sider>
      <Layout>
        <Layout.Header className="admin-header">
          <span>{t('signedInAs', { phone: me.phone, role: roles[me.role] })}</span>
          <Link href="/">{t('backToApp')}</Link>
        </Layout.Header>
        <Layout.Content className="admin-content">
          <Suspense fallback={<Spin />}>
            <Switch>
              <Route path="/admin">
                <Redirect to="/admin/orders" replace />
              </Route>
              <Route path="/admin/orders" component={OrdersPage} />
              <Route path="/admin/users" component={UsersPage} />
              <Route path="/admin/users/:phone">{(params) => <UserPage phone={params.phone} me={me} />}</Route>
              <Route path="/admin/stats" component={StatsPage} />
              <Route path="/admin/reconciliation" component={ReconciliationPage} />
              <Route path="/admin/item-providers" component={ItemProvidersPage} />
              <Route path="/admin/goods" component={GoodsPage} />
              <Route path="/admin/prices" component={PricesPage} />
              <Route path="/admin/contacts" component={ContactsPage} />
              <Route path="/admin/announcements" component={AnnouncementsPage} />
              <Route path="/admin/audit" component={AuditPage} />
              <Route>
                <Result status="404" title={t('notFound')} />
              </Route>
            </Switch>
          </Suspense>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
