/** antd's Alert as a module of its own, so it can be loaded lazily (see MemberExpiryAlert). */
export { Alert as default } from 'antd';
