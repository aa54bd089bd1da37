/** Settings > Permission: roles (shown as Permission) and their permission trees. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EditRoleRequest, NewRoleRequest, RoleView } from '@edge/protocol';
import { api } from '../../../api/client.ts';
import { accountInfoKey } from '../../account/api.ts';
import { usersKey } from '../users/api.ts';

const PATH = '/api/v1/settings/permission/roles';
export const rolesKey = ['settings', 'roles'] as const;

export const useRoles = () =>
  useQuery({ queryKey: rolesKey, queryFn: () => api.get<{ list: RoleView[] }>(PATH).then((r) => r.list) });

/** A role change applies at once on the server; the user list (role names) and one's own tree follow. */
function useRoleMutation<T, R>(send: (body: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: rolesKey });
      await queryClient.invalidateQueries({ queryKey: usersKey });
      await queryClient.invalidateQueries({ queryKey: accountInfoKey });
    },
  });
}

export const useCreateRole = () => useRoleMutation((body: NewRoleRequest) => api.post<RoleView>(PATH, body));
export const useEditRole = () => useRoleMutation((body: EditRoleRequest) => api.patch<RoleView>(PATH, body));
export const useDeleteRole = () =>
  useRoleMutation((id: number) => api.delete<{ message: string }>(PATH, { id }));
