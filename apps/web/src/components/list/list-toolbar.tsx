import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import AddOutlined from '@mui/icons-material/AddOutlined';
import { SearchField } from '../search-field';

type ListToolbarProps = {
  searchLabel: string;
  searchText: string;
  onSearchChange: (value: string) => void;
  addLabel: string;
  onAdd: () => void;
  /** Filters between the search and the add button. */
  children?: ReactNode;
};

/** Search, filters and the "New …" button above an administration list. */
export const ListToolbar = ({
  searchLabel,
  searchText,
  onSearchChange,
  addLabel,
  onAdd,
  children,
}: ListToolbarProps) => (
  <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'center', p: { xs: 1.5, sm: 2 } }}>
    <SearchField
      size="small"
      fullWidth={false}
      label={searchLabel}
      value={searchText}
      onChange={(event) => onSearchChange(event.target.value)}
      sx={{ flex: '1 1 220px', maxWidth: { sm: 320 } }}
    />
    {children}
    <Box sx={{ flex: { xs: '1 1 100%', sm: '1 1 auto' }, display: 'flex', justifyContent: 'flex-end' }}>
      <Button
        variant="contained"
        startIcon={<AddOutlined />}
        onClick={onAdd}
        sx={{ width: { xs: '100%', sm: 'auto' } }}
      >
        {addLabel}
      </Button>
    </Box>
  </Box>
);
