import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import { readTodos, useTodos } from './todo.store';

const clock = () => new Date('2026-05-01T12:00:00.000Z');

afterEach(() => localStorage.clear());

describe('the to-do list', () => {
  test('items are added, edited, ticked off and deleted, and each change is kept in the browser', () => {
    const { result } = renderHook(() => useTodos(7, clock));

    act(() => void result.current.add('  Ligar para a Joana  '));
    const id = result.current.todos[0]?.id ?? '';
    act(() => void result.current.edit(id, 'Ligar para a Joana às 15h'));
    act(() => result.current.toggle(id));

    expect(readTodos(7)).toEqual([
      {
        id,
        text: 'Ligar para a Joana às 15h',
        done: true,
        createdAt: '2026-05-01T12:00:00.000Z',
        updatedAt: '2026-05-01T12:00:00.000Z',
      },
    ]);
    act(() => result.current.remove(id));
    expect(readTodos(7)).toEqual([]);
  });

  test('empty text is ignored, when adding and when editing', () => {
    const { result } = renderHook(() => useTodos(7, clock));

    act(() => void result.current.add('   '));
    act(() => void result.current.add('Revisar tags'));
    const id = result.current.todos[0]?.id ?? '';
    act(() => void result.current.edit(id, ' '));

    expect(readTodos(7).map((todo) => todo.text)).toEqual(['Revisar tags']);
  });

  test('each user of the browser has their own list; a damaged item does not lose the others', () => {
    localStorage.setItem(
      'todolist:8',
      JSON.stringify([{ text: 'sem id' }, { id: 'a', text: 'Ok', createdAt: 'x', updatedAt: 'x' }]),
    );
    const { result } = renderHook(() => useTodos(7, clock));
    act(() => void result.current.add('Meu'));

    expect(readTodos(8)).toEqual([{ id: 'a', text: 'Ok', done: false, createdAt: 'x', updatedAt: 'x' }]);
    expect(readTodos(7).map((todo) => todo.text)).toEqual(['Meu']);
    localStorage.setItem('todolist:9', '{not json');
    expect(readTodos(9)).toEqual([]);
  });
});
