/** Account management (Settings > Account): the user list and what administrators do to accounts. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EditUserRequest, NewUserRequest, UserListResponse, UserView } from '@edge/protocol';
import { api } from '../../../api/client.ts';
import { accountInfoKey } from '../../account/api.ts';

const BASE = '/api/v1/settings/account';
export const usersKey = ['settings', 'users'] as const;

export const userIconUrl = (id: number, version: string | number = '') =>
  `${BASE}/users/icon?id=${id}${version === '' ? '' : `&v=${version}`}`;

export const useUsers = () =>
  useQuery({ queryKey: usersKey, queryFn: () => api.get<UserListResponse>(`${BASE}/users`) });

/** Every change to an account refreshes the list and the signed-in user's own view (members, own name). */
function useUserMutation<T>(send: (body: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    // The confirmation spins until both are read again; side by side, not one after the other.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: usersKey }),
        queryClient.invalidateQueries({ queryKey: accountInfoKey }),
      ]),
  });
}

export const useCreateUser = () =>
  useUserMutation((body: NewUserRequest) => api.post<UserView>(`${BASE}/users`, body));
export const useEditUser = () =>
  useUserMutation((body: EditUserRequest) => api.patch<UserView>(`${BASE}/users`, body));
export const useSuspendUser = () =>
  useUserMutation((id: number) => api.patch<UserView>(`${BASE}/users/suspend`, { id }));
export const useReactivateUser = () =>
  useUserMutation((id: number) => api.patch<UserView>(`${BASE}/users/reactivate`, { id }));
export const useDeleteUser = () =>
  useUserMutation((id: number) => api.delete<{ message: string }>(`${BASE}/users`, { id }));

const iconForm = (file: File) => {
  const form = new FormData();
  form.append('file', file);
  return form;
};

/** An administrator sets another user's icon. PATCH uploads show no toast of their own (SPEC 8): the caller reports. */
export const uploadUserIcon = (id: number, file: File) =>
  api.upload.patch<{ message: string }>(`${BASE}/users/icon?id=${id}`, iconForm(file));

/** The signed-in user's own icon. */
export const uploadOwnIcon = (file: File) =>
  api.upload.patch<{ message: string }>(`${BASE}/icon`, iconForm(file));
export const removeOwnIcon = () => api.delete<{ message: string }>(`${BASE}/icon`);
