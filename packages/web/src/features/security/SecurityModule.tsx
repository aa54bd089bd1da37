/** Routes of the Security app; the app shell has already checked which child the user may open. */
import { Route, Routes } from 'react-router-dom';
import type { AclList } from '@edge/protocol';
import { AclPage } from './acl/AclPage.tsx';
import { TokensPage } from './tokens/TokensPage.tsx';
import '../../components/page.css';
import './security.css';

const ACCESS_CONTROL: AclList = 'accessControl';
const ADMIN_ACL: AclList = 'adminAcl';

export default function SecurityModule() {
  return (
    <Routes>
      <Route path="acl" element={<AclPage key={ACCESS_CONTROL} list={ACCESS_CONTROL} />} />
      <Route path="tokens" element={<TokensPage />} />
      <Route path="admin-acl" element={<AclPage key={ADMIN_ACL} list={ADMIN_ACL} />} />
    </Routes>
  );
}
