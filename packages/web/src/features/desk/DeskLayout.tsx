/** /desk and everything under it: the header, then the desktop or the open app. */
import { Layout } from 'antd';
import { Outlet } from 'react-router-dom';
import { DeskHeader } from './DeskHeader.tsx';

export function DeskLayout() {
  return (
    <Layout className="desk-layout">
      <DeskHeader />
      <Outlet />
    </Layout>
  );
}
