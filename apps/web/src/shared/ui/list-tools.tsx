import AddIcon from '@mui/icons-material/Add';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import type { ReactNode, RefObject } from 'react';

/** A list page's search box: the placeholder is its accessible name too. */
export function SearchField(props: { label: string; value: string; onChange: (value: string) => void }) {
  return (
    <TextField
      type="search"
      placeholder={props.label}
      value={props.value}
      onChange={(event) => props.onChange(event.target.value)}
      sx={{ width: { sm: 260 } }}
      slotProps={{
        htmlInput: { 'aria-label': props.label },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

/** The page's add button; on a phone only its icon shows, and the label stays for screen readers. */
export function AddButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button
      variant="contained"
      onClick={onClick}
      aria-label={label}
      sx={{ flexShrink: 0, minWidth: 40, px: { xs: 1, sm: 2 }, gap: 1 }}
    >
      <AddIcon fontSize="small" />
      <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
        {label}
      </Box>
    </Button>
  );
}

/** The scrolling area under a list page's header; reaching its bottom loads the next page. */
export function ScrollPanel(props: {
  loadMore: { ref: RefObject<HTMLDivElement | null>; onScroll: () => void };
  children: ReactNode;
}) {
  return (
    <Paper
      variant="outlined"
      ref={props.loadMore.ref}
      onScroll={props.loadMore.onScroll}
      sx={{ flex: 1, minHeight: 0, overflow: 'auto' }}
    >
      {props.children}
    </Paper>
  );
}
