import type { ChipProps } from '@mui/material/Chip';

/** Spec 001 §2: Alta, Média, Baixa; the colour says it before the word is read. */
export const priorityKey = (priority: number) =>
  `announcements.priorities.${priority === 1 ? 'high' : priority === 2 ? 'medium' : 'low'}`;

export const priorityColor = (priority: number): ChipProps['color'] =>
  priority === 1 ? 'error' : priority === 2 ? 'warning' : 'default';
