import { createFileRoute } from '@tanstack/react-router';
import { Card } from '../../components/card';
import { QueryBoundary } from '../../components/query-boundary';
import { ListSkeleton } from '../../components/skeleton';
import { trashQuery } from '../../features/trash/queries';
import { TrashList } from '../../features/trash/trash-list';
import { useTitle } from '../../lib/use-title';

export const Route = createFileRoute('/_app/trash')({
  loader: ({ context }) => context.queryClient.ensureQueryData(trashQuery).catch(() => undefined),
  component: TrashPage,
});

function TrashPage() {
  useTitle('Trash');
  return (
    <div className="page narrow">
      <h1 className="page-title">Trash</h1>
      <Card title="Deleted items" className="trash-card">
        <QueryBoundary errorMessage="Failed to load the trash." fallback={<ListSkeleton />}>
          <TrashList />
        </QueryBoundary>
      </Card>
    </div>
  );
}
