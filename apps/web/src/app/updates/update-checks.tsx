import { QueryScope } from '../query-scope';
import { useUpdateReloader } from './update-reloader';

function Checks() {
  useUpdateReloader();
  return null;
}

/** The update checks of every page (see useUpdateReloader), with the query client they ask through. */
export function UpdateChecks() {
  return (
    <QueryScope>
      <Checks />
    </QueryScope>
  );
}
