import { BakeoffPage } from '@/components/bakeoff/bakeoff-page';
import { queryStringPage } from '@/components/projects/query-string-page';

export default queryStringPage(BakeoffPage, { rows: 6, label: 'Loading bake-offs' });
