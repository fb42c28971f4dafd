import { UserOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Avatar, Button, Card, Descriptions, Form, Input, Upload } from 'antd';
import { useState } from 'react';
import { CODE_TABLES, maskPhone, sessionApi } from '@portal/shared';
import { schemaRule } from '../../lib/schema-rule';
import { currentUserQuery } from '../../lib/session';
import { useMessage } from '../../lib/countdown-message';
import { useUpdateProfile } from './api/update-profile';

const AVATAR_MAX_BYTES = 96 * 1024;
const profile = sessionApi.profileUpdateSchema.shape;

interface ProfileForm {
  nickName: string;
  userDesc: string;
}

/** The opening branch by its name; an institution number the table does not know is shown as it is. */
const branchName = (code: string) => (code ? ((CODE_TABLES.branch as Record<string, string>)[code] ?? code) : '暂无');

/** Personal centre (issue 5): view the profile, change nickname, description and avatar. */
export function PersonalCenterPage() {
  const message = useMessage();
  const { data: user } = useQuery(currentUserQuery);
  const [form] = Form.useForm<ProfileForm>();
  const [newAvatar, setNewAvatar] = useState<string>();
  const avatar = newAvatar ?? user?.avatar ?? '';

  const save = useUpdateProfile();

  if (!user) return null;
  return (
    <Card title="个人中心">
      <Descriptions
        column={{ xs: 1, md: 2 }}
        items={[
          { key: 'userName', label: '登录名', children: user.userName },
          { key: 'userNo', label: '用户号', children: user.userNo },
          { key: 'enterprise', label: '所属企业', children: `${user.enterpriseName}（${user.enterpriseNo}）` },
          { key: 'mobile', label: '手机号码', children: user.mobile ? maskPhone(user.mobile) : '暂无' },
          { key: 'email', label: '电子邮箱', children: user.email || '暂无' },
          { key: 'branch', label: '开户机构', children: branchName(user.branchCode) },
        ]}
      />
      <Form
        form={form}
        layout="vertical"
        style={{ maxWidth: 520, marginTop: 24 }}
        initialValues={{ nickName: user.nickName, userDesc: user.userDesc }}
        onFinish={(v) => save.mutate({ ...v, avatar }, { onSuccess: () => message.success('个人信息已保存') })}
      >
        <Form.Item label="头像">
          <Upload
            accept="image/png,image/jpeg,image/gif"
            showUploadList={false}
            beforeUpload={(file) => {
              if (file.size > AVATAR_MAX_BYTES) {
                message.error('头像图片不能超过96KB');
                return Upload.LIST_IGNORE;
              }
              const reader = new FileReader();
              reader.onload = () => setNewAvatar(String(reader.result));
              reader.readAsDataURL(file);
              return false;
            }}
          >
            <Button icon={<Avatar size="small" src={avatar || undefined} icon={<UserOutlined />} />}>更换头像</Button>
          </Upload>
        </Form.Item>
        <Form.Item label="昵称" name="nickName" rules={[schemaRule(profile.nickName)]}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item label="个人简介" name="userDesc" rules={[schemaRule(profile.userDesc)]}>
          <Input.TextArea rows={3} showCount maxLength={200} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          保存
        </Button>
      </Form>
    </Card>
  );
}
