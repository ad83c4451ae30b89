/** antd's overlays as a module of their own, so they load when first opened (see LazyOverlay). */
export { Drawer, Modal, Popconfirm } from 'antd';
