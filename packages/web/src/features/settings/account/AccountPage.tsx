/** Settings > Account: the user's own profile and password. */
import { Col, Row } from 'antd';
import { useAccountInfo } from '../../account/api.ts';
import { ProfileCard } from './ProfileCard.tsx';
import { PasswordCard } from './PasswordCard.tsx';

export function AccountPage() {
  const { data: me } = useAccountInfo();
  if (!me) return null;
  return (
    <Row gutter={[24, 24]}>
      <Col xs={24} xl={12}>
        <ProfileCard me={me} />
      </Col>
      <Col xs={24} xl={12}>
        <PasswordCard />
      </Col>
    </Row>
  );
}
