import {
  type CreateUserBody,
  listUsersResponse,
  type UpdateUserBody,
  type User,
  userSchema,
} from '@balcao/shared';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../shared/api/http';
import { removeUserFromLists, upsertUserInLists } from './users.cache';
import { usersKeys } from './users.keys';

export function useUserList(search: string) {
  return useInfiniteQuery({
    queryKey: usersKeys.list(search),
    queryFn: ({ pageParam }) =>
      request('/users', {
        query: { searchParam: search, pageNumber: pageParam },
        schema: listUsersResponse,
      }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });
}

const updateUser = (id: number, body: UpdateUserBody) =>
  request(`/users/${id}`, { method: 'PUT', body, schema: userSchema });

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateUserBody) => request('/users', { method: 'POST', body, schema: userSchema }),
    onSuccess: (user) => upsertUserInLists(queryClient, user),
  });
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateUserBody }) => updateUser(id, body),
    onSuccess: (user) => upsertUserInLists(queryClient, user),
  });
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => request(`/users/${id}`, { method: 'DELETE' }),
    onSuccess: (_data, id) => removeUserFromLists(queryClient, id),
  });
}

export function useUploadUserAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, file }: { id: number; file: File }) => {
      const form = new FormData();
      form.append('profileImage', file);
      return request(`/users/${id}/media-upload`, { method: 'POST', body: form, schema: userSchema });
    },
    onSuccess: (user: User) => upsertUserInLists(queryClient, user),
  });
}
