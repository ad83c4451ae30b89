/**
 * antd's overlays as a module of their own, so they load when first opened (see LazyOverlay), each
 * inside AntdProvider: the page that opens one may load no antd itself.
 */
import { Drawer as AntdDrawer, Modal as AntdModal, Popconfirm as AntdPopconfirm, type DrawerProps, type ModalProps, type PopconfirmProps } from 'antd';
import AntdProvider from './AntdProvider';

export const Modal = (props: ModalProps) => (
  <AntdProvider>
    <AntdModal {...props} />
  </AntdProvider>
);

export const Drawer = (props: DrawerProps) => (
  <AntdProvider>
    <AntdDrawer {...props} />
  </AntdProvider>
);

export const Popconfirm = (props: PopconfirmProps) => (
  <AntdProvider>
    <AntdPopconfirm {...props} />
  </AntdProvider>
);
