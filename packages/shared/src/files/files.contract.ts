import { z } from 'zod';
import { dbId, dbIdText, pageNumber, requiredText } from '../validation.js';

const fileOptionSchema = z.object({
  id: z.number(),
  name: z.string(),
  /** A signed link to the uploaded file, or null before one is uploaded. */
  path: z.string().nullable(),
  mediaType: z.string(),
  mediaName: z.string().nullable(),
});

export const fileListSchema = z.object({
  id: z.number(),
  name: z.string(),
  message: z.string(),
  userId: z.number().nullable(),
  options: z.array(fileOptionSchema),
});
export type FileList = z.infer<typeof fileListSchema>;

const MAX_OPTIONS = 30;

/** Spec 001 §5: name at least 3 ('nome muito curto'), message required. */
export const saveFileListBody = z.object({
  name: requiredText(3, 100),
  message: requiredText(1, 4000),
  /** The whole list of rows: a row with an id keeps its file, rows left out are deleted with theirs. */
  options: z
    .array(z.object({ id: dbId().optional(), name: requiredText(1, 100) }))
    .max(MAX_OPTIONS)
    .default([]),
});
export type SaveFileListBody = z.infer<typeof saveFileListBody>;

export const listFilesQuery = z.object({
  searchParam: z.string().trim().max(100).optional(),
  pageNumber,
});
export type ListFilesQuery = z.infer<typeof listFilesQuery>;
export const listFilesResponse = z.object({
  files: z.array(fileListSchema),
  hasMore: z.boolean(),
  count: z.number(),
});

/** POST /files/uploadList/{id}: the file of one row (multipart field `fileId` names the row). */
export const uploadFileFields = z.object({ fileId: dbIdText() });

export const fileListEvent = z.discriminatedUnion('action', [
  z.object({ action: z.enum(['create', 'update']), record: fileListSchema }),
  z.object({ action: z.literal('delete'), id: z.number() }),
]);
export type FileListEvent = z.infer<typeof fileListEvent>;
