import { queryStringPage } from '@/components/projects/query-string-page';
import { UsagePage } from '@/components/usage/usage-page';

export default queryStringPage(UsagePage, { rows: 8, label: 'Loading usage' });
