import { useSuspenseQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Pagination } from '../../components/pagination';
import { NoteItem } from './note-item';
import { notesPageQuery } from './queries';

interface NoteListProps {
  page: number;
  onPageChange: (page: number, replace?: boolean) => void;
}

export function NoteList({ page, onPageChange }: NoteListProps) {
  const { data } = useSuspenseQuery(notesPageQuery(page));

  // The page asked for no longer exists (its last note went): show the last one that does.
  useEffect(() => {
    if (data.page !== page) onPageChange(data.page, true);
  }, [data.page, page, onPageChange]);

  return (
    <>
      {data.results.length === 0 ? (
        <p className="empty">No notes yet. Write your first one.</p>
      ) : (
        <ul className="list">
          {data.results.map((note) => (
            <NoteItem key={note.id} note={note} />
          ))}
        </ul>
      )}
      <Pagination
        label="Notes pages"
        page={data.page}
        totalPages={data.totalPages}
        onPageChange={onPageChange}
      />
    </>
  );
}
