import {
  type Connection,
  connectionSchema,
  connectionsListResponse,
  type FacebookConnectBody,
  type FacebookPagesBody,
  facebookPagesResponse,
  type SaveConnectionBody,
  type updateConnectionBody,
} from '@balcao/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { request } from '../../shared/api/http';
import { removeConnection, upsertConnection } from './connections.cache';
import { connectionsKeys } from './connections.keys';

export function useConnections() {
  return useQuery({
    queryKey: connectionsKeys.list(),
    queryFn: () => request('/whatsapp', { schema: connectionsListResponse }),
  });
}

type UpdateConnectionBody = z.input<typeof updateConnectionBody>;

export function useCreateConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveConnectionBody) =>
      request('/whatsapp', { method: 'POST', body, schema: connectionSchema }),
    onSuccess: (connection) => upsertConnection(queryClient, connection),
  });
}

export function useUpdateConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateConnectionBody }) =>
      request(`/whatsapp/${id}`, { method: 'PUT', body, schema: connectionSchema }),
    onSuccess: (connection) => upsertConnection(queryClient, connection),
  });
}

export function useDeleteConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (connection: Connection) => request(`/whatsapp/${connection.id}`, { method: 'DELETE' }),
    onSuccess: (_data, connection) => removeConnection(queryClient, connection.id),
  });
}

export function useUploadGreetingMedia() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, file }: { id: number; file: File | null }) => {
      if (!file)
        return request(`/whatsapp/${id}/media-upload`, { method: 'DELETE', schema: connectionSchema });
      const form = new FormData();
      form.append('file', file);
      return request(`/whatsapp/${id}/media-upload`, {
        method: 'POST',
        body: form,
        schema: connectionSchema,
      });
    },
    onSuccess: (connection) => upsertConnection(queryClient, connection),
  });
}

/** The pages of a Facebook SDK login, with their Instagram accounts: nothing is created yet. */
export function useFacebookPages() {
  return useMutation({
    mutationFn: (body: FacebookPagesBody) =>
      request('/facebook/pages', { method: 'POST', body, schema: facebookPagesResponse }),
  });
}

/** The chosen pages and accounts of that login become connections. */
export function useConnectFacebookPages() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FacebookConnectBody) =>
      request('/facebook/connections', { method: 'POST', body, schema: connectionsListResponse }),
    onSuccess: (list) => {
      for (const connection of list) upsertConnection(queryClient, connection);
    },
  });
}
