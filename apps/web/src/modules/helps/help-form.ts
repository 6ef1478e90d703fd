import { createHelpBody, type Help } from '@balcao/shared';
import type { z } from 'zod';

/** The contract itself: a YouTube link typed here is checked, and sent, as its bare video id. */
export const helpForm = createHelpBody;
export type HelpFormInput = z.input<typeof helpForm>;
export type HelpFormOutput = z.output<typeof helpForm>;
export const helpFieldNames = ['title', 'video', 'description'] as const;

export const helpFormDefaults = (record: Help | null): HelpFormInput => ({
  title: record?.title ?? '',
  video: record?.video ?? '',
  description: record?.description ?? '',
});
