import { useQuery } from '@tanstack/react-query';
import { usersApi, type HeldChange, type UserDetail } from '@portal/shared';
import { Form, Input, Modal, Select, Skeleton, Switch } from 'antd';
import { schemaRule } from '../../../lib/schema-rule';
import { userDetailQuery } from '../api/get-user';
import { roleOptionsQuery } from '../api/list-roles';
import { useUpdateUser } from '../api/update-user';
import { seatRoleOptions, seatUserType } from '../role-options';

const field = usersApi.userUpdateSchema.shape;

interface EditValues {
  nickName: string;
  mobile: string;
  email: string;
  status: number;
  /** Role ids by seat (user number). */
  seatRoles: Record<string, number[]>;
}

const valuesOf = (user: UserDetail): EditValues => ({
  nickName: user.nickName,
  mobile: user.mobile,
  email: user.email,
  status: user.status,
  seatRoles: Object.fromEntries(user.seats.map((s) => [s.userNo, s.roles.map((r) => r.roleId)])),
});

interface UserEditDialogProps {
  userId: number;
  onClose: () => void;
  /** The answer: null when it took effect, or the change held for a second administrator. */
  onUpdated: (answer: HeldChange | null) => void;
}

/** 修改用户: name, contact, status and each seat's roles (staff cannot change their own roles or status). */
export function UserEditDialog({ userId, onClose, onUpdated }: UserEditDialogProps) {
  const [form] = Form.useForm<EditValues>();
  const detail = useQuery(userDetailQuery(userId));
  const roles = useQuery(roleOptionsQuery);
  const updating = useUpdateUser();
  const user = detail.data;

  const finish = async (values: EditValues) => {
    if (!user) return;
    try {
      const answer = await updating.mutateAsync({
        userId,
        nickName: values.nickName,
        mobile: values.mobile ?? '',
        email: values.email ?? '',
        // Not edited here, sent back as they are (the update replaces every profile field).
        userDesc: user.userDesc,
        branchCode: user.branchCode,
        status: values.status === 1 ? 1 : 0,
        seatRoles: user.seats.map((s) => ({ userNo: s.userNo, roleIds: values.seatRoles[s.userNo] ?? [] })),
      });
      onUpdated(answer);
    } catch {
      // The HTTP client has shown the server's refusal; the dialog stays open.
    }
  };

  return (
    <Modal
      open
      title={user ? `修改用户：${user.username}` : '修改用户'}
      okText="确定"
      cancelText="取消"
      maskClosable={false}
      okButtonProps={{ disabled: !user }}
      confirmLoading={updating.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      {!user ? (
        <Skeleton active />
      ) : (
        <Form<EditValues> form={form} layout="vertical" name="user-edit" initialValues={valuesOf(user)} onFinish={(values) => void finish(values)}>
          <Form.Item name="nickName" label="用户姓名" required rules={[schemaRule(field.nickName)]}>
            <Input maxLength={32} />
          </Form.Item>
          <Form.Item name="mobile" label="手机号" rules={[schemaRule(field.mobile)]}>
            <Input placeholder="选填" maxLength={11} />
          </Form.Item>
          <Form.Item name="email" label="邮箱" rules={[schemaRule(field.email)]}>
            <Input placeholder="选填" maxLength={100} />
          </Form.Item>
          <Form.Item
            name="status"
            label="状态"
            valuePropName="checked"
            getValueProps={(value: unknown) => ({ checked: value === 1 })}
            normalize={(checked: boolean) => (checked ? 1 : 0)}
            extra="停用后该用户在所有企业都不能登录，在线会话立即结束"
          >
            <Switch checkedChildren="启用" unCheckedChildren="停用" />
          </Form.Item>
          {user.seats.map((seat) => (
            <Form.Item key={seat.userNo} name={['seatRoles', seat.userNo]} rules={[schemaRule(usersApi.seatAddSchema.shape.roleIds)]} label={`${seat.enterpriseName}（${seat.userNo}）的角色`}>
              <Select mode="multiple" placeholder="未分配角色" loading={roles.isPending} options={seatRoleOptions(roles.data, seatUserType(seat.userNo))} />
            </Form.Item>
          ))}
        </Form>
      )}
    </Modal>
  );
}
