import { type FileList, fileListSchema, listFilesResponse, type SaveFileListBody } from '@balcao/shared';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../shared/api/http';
import { fileLists, filesKeys } from './files.cache';

export function useFileListList(search: string) {
  return useInfiniteQuery({
    queryKey: filesKeys.list(search),
    queryFn: ({ pageParam }) =>
      request('/files', { query: { searchParam: search, pageNumber: pageParam }, schema: listFilesResponse }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });
}

export function useFileList(id: number | null) {
  return useQuery({
    queryKey: filesKeys.detail(id ?? 0),
    queryFn: () => request(`/files/${id}`, { schema: fileListSchema }),
    enabled: id !== null,
  });
}

/** Saves the list, then uploads each picked file into its row (rows come back in the order sent). */
export function useSaveFileList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      id,
      body,
      files,
    }: {
      id?: number;
      body: SaveFileListBody;
      files: (File | undefined)[];
    }) => {
      let saved = id
        ? await request(`/files/${id}`, { method: 'PUT', body, schema: fileListSchema })
        : await request('/files', { method: 'POST', body, schema: fileListSchema });
      for (const [index, file] of files.entries()) {
        const row = saved.options[index];
        if (!file || !row) continue;
        const form = new FormData();
        form.append('fileId', String(row.id));
        form.append('file', file);
        saved = await request(`/files/uploadList/${saved.id}`, {
          method: 'POST',
          body: form,
          schema: fileListSchema,
        });
      }
      return saved;
    },
    onSuccess: (record: FileList) => fileLists.upsert(queryClient, record),
  });
}

export function useDeleteFileList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => request(`/files/${id}`, { method: 'DELETE' }),
    onSuccess: (_data, id) => fileLists.remove(queryClient, id),
  });
}
