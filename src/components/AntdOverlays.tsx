/**
 * antd's overlays as a module of their own, so they load when first opened (see LazyOverlay), each
 * inside AntdProvider: the page that opens one may load no antd itself.
 */
import { Drawer as AntdDrawer, Modal as AntdModal, Popconfirm as AntdPopconfirm } from 'antd';
import { provided } from './AntdProvider';

export const Modal = provided(AntdModal);
export const Drawer = provided(AntdDrawer);
export const Popconfirm = provided(AntdPopconfirm);
