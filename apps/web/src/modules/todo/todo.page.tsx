import ChecklistOutlinedIcon from '@mui/icons-material/ChecklistOutlined';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/Edit';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../shared/format';
import { useSessionUser } from '../../shared/session/session-user';
import { EmptyState } from '../../shared/ui/empty-state';
import { PageHeader } from '../../shared/ui/page-header';
import { useTodos } from './todo.store';

/** /todolist (spec 001 §2): the user's own reminders, kept in this browser only. */
export function TodoPage() {
  const { t } = useTranslation();
  const me = useSessionUser();
  const list = useTodos(me.id);
  const [text, setText] = useState('');
  const [editingId, setEditingId] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const done = editingId ? list.edit(editingId, text) : list.add(text);
    if (!done) return;
    setText('');
    setEditingId(null);
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0, overflowY: 'auto' }}>
      <PageHeader title={t('todo.title')} />
      <Box sx={{ p: { xs: 1, sm: 2 }, display: 'flex', flexDirection: 'column', gap: 2, maxWidth: 720 }}>
        <Box component="form" onSubmit={submit} sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <TextField
            label={editingId ? t('todo.editLabel') : t('todo.newLabel')}
            value={text}
            onChange={(event) => setText(event.target.value)}
            size="small"
            sx={{ flex: '1 1 220px' }}
            disabled={!editingId && list.full}
            helperText={!editingId && list.full ? t('todo.full') : undefined}
          />
          <Button type="submit" variant="contained" disabled={!text.trim()}>
            {editingId ? t('common.actions.save') : t('todo.add')}
          </Button>
          {editingId && (
            <Button
              onClick={() => {
                setEditingId(null);
                setText('');
              }}
            >
              {t('common.actions.cancel')}
            </Button>
          )}
        </Box>
        {list.todos.length === 0 ? (
          <EmptyState
            icon={<ChecklistOutlinedIcon />}
            title={t('todo.emptyTitle')}
            description={t('todo.emptyText')}
          />
        ) : (
          <Paper variant="outlined">
            <List aria-label={t('todo.title')}>
              {list.todos.map((todo) => (
                <ListItem
                  key={todo.id}
                  divider
                  secondaryAction={
                    <>
                      <IconButton
                        aria-label={t('todo.edit', { text: todo.text })}
                        onClick={() => {
                          setEditingId(todo.id);
                          setText(todo.text);
                        }}
                      >
                        <EditIcon fontSize="small" />
                      </IconButton>
                      <IconButton
                        aria-label={t('todo.delete', { text: todo.text })}
                        onClick={() => list.remove(todo.id)}
                      >
                        <DeleteOutlinedIcon fontSize="small" />
                      </IconButton>
                    </>
                  }
                  sx={{ pr: 12 }}
                >
                  <Checkbox
                    edge="start"
                    checked={todo.done}
                    onChange={() => list.toggle(todo.id)}
                    slotProps={{ input: { 'aria-label': t('todo.done', { text: todo.text }) } }}
                  />
                  <ListItemText
                    primary={todo.text}
                    secondary={formatDateTime(todo.updatedAt)}
                    sx={{ overflowWrap: 'anywhere', textDecoration: todo.done ? 'line-through' : 'none' }}
                  />
                </ListItem>
              ))}
            </List>
          </Paper>
        )}
      </Box>
    </Box>
  );
}
