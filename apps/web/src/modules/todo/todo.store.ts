import { useState } from 'react';
import { z } from 'zod';

/** A longer note is cut: the list is for short reminders, and the browser's storage is small. */
const TODO_MAX_LENGTH = 500;
/** So a forgotten list cannot fill the browser's storage (a few MB for the whole site). */
const TODO_MAX_ITEMS = 500;

/** Spec 001 §3: text, createdAt, updatedAt; an id to tell items apart and `done` to tick one off. */
const todoSchema = z.object({
  id: z.string(),
  text: z.string(),
  done: z.boolean().catch(false),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Todo = z.infer<typeof todoSchema>;

/** Each user of this browser keeps their own list (spec 001 §2: stored locally only). */
const storageKey = (userId: number) => `todolist:${userId}`;

/** What was stored, element by element: one damaged item never loses the others. */
export function readTodos(userId: number): Todo[] {
  let stored: unknown;
  try {
    stored = JSON.parse(localStorage.getItem(storageKey(userId)) ?? '[]');
  } catch {
    return [];
  }
  if (!Array.isArray(stored)) return [];
  return stored.flatMap((item) => {
    const parsed = todoSchema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

function writeTodos(userId: number, todos: Todo[]) {
  localStorage.setItem(storageKey(userId), JSON.stringify(todos));
}

const clean = (text: string) => text.trim().slice(0, TODO_MAX_LENGTH);

/** The list and its changes, each written to the browser at once; empty text is ignored (spec 001 §2). */
export function useTodos(userId: number, now: () => Date = () => new Date()) {
  const [todos, setTodos] = useState(() => readTodos(userId));
  const change = (next: Todo[]) => {
    writeTodos(userId, next);
    setTodos(next);
  };
  return {
    todos,
    full: todos.length >= TODO_MAX_ITEMS,
    add(text: string) {
      const body = clean(text);
      if (!body || todos.length >= TODO_MAX_ITEMS) return false;
      const at = now().toISOString();
      change([...todos, { id: crypto.randomUUID(), text: body, done: false, createdAt: at, updatedAt: at }]);
      return true;
    },
    edit(id: string, text: string) {
      const body = clean(text);
      if (!body) return false;
      const at = now().toISOString();
      change(todos.map((todo) => (todo.id === id ? { ...todo, text: body, updatedAt: at } : todo)));
      return true;
    },
    toggle(id: string) {
      const at = now().toISOString();
      change(todos.map((todo) => (todo.id === id ? { ...todo, done: !todo.done, updatedAt: at } : todo)));
    },
    remove(id: string) {
      change(todos.filter((todo) => todo.id !== id));
    },
  };
}
