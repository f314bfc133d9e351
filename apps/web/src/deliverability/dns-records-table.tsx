// The records a seller publishes at their DNS host, each with what the last lookup found. Below
// 1024 px each record becomes a card (what it is and its status on top, then type, name and
// value): a DKIM key needs the width. The explicit roles keep it a table for screen readers.
import type { DnsRecordCheck } from '@thankly/api-contract';
import { Badge } from '../components/ui/index.ts';
import { CopyableValue } from './copyable-value.tsx';
import { shortDnsName } from './dns-names.ts';
import { RECORD_PURPOSE, RECORD_STATUS } from './status-labels.ts';

const CELL = 'py-3 pr-4 align-top max-lg:block max-lg:py-1.5 max-lg:pr-0';
const CARD_LABEL = 'mb-1 block text-xs font-semibold text-slate-500 uppercase lg:hidden';

function RecordRow({ record, domain }: { record: DnsRecordCheck; domain: string }) {
  const purpose = RECORD_PURPOSE[record.purpose];
  const status = RECORD_STATUS[record.status];
  return (
    <tr role="row" className="border-t border-slate-200 max-lg:block max-lg:py-3">
      <td role="cell" className={`${CELL} lg:w-56`}>
        <span className="flex flex-wrap items-center gap-2">
          <span className="font-medium text-slate-900">{purpose}</span>
          <span className="text-xs text-slate-500">
            {record.required ? 'Required' : 'Recommended'}
          </span>
        </span>
        <span className="mt-2 block">
          <Badge tone={status.tone}>{status.label}</Badge>
        </span>
        <span className="mt-1 block text-xs text-slate-600">{record.explanation}</span>
      </td>
      <td role="cell" className={`${CELL} lg:w-16`}>
        <span className={CARD_LABEL}>Type</span>
        <span className="font-mono text-xs font-semibold">{record.type}</span>
      </td>
      <td role="cell" className={`${CELL} lg:w-56`}>
        <span className={CARD_LABEL}>Name</span>
        <span className="block space-y-3">
          <span className="block">
            <span className="mb-1 block text-xs text-slate-600">Short (most DNS hosts)</span>
            <CopyableValue
              text={shortDnsName(record.name, domain)}
              label={`${purpose} short name`}
            />
          </span>
          <span className="block">
            <span className="mb-1 block text-xs text-slate-600">Full</span>
            <CopyableValue text={record.name} label={`${purpose} full name`} />
          </span>
        </span>
      </td>
      <td role="cell" className={`${CELL} lg:pr-0`}>
        <span className={CARD_LABEL}>Value</span>
        <CopyableValue text={record.value} label={`${purpose} value`} />
      </td>
    </tr>
  );
}

export function DnsRecordsTable({
  records,
  domain,
  caption,
}: {
  records: DnsRecordCheck[];
  /** The sending domain, which most DNS hosts add to a record's name themselves. */
  domain: string;
  caption: string;
}) {
  return (
    <table role="table" className="w-full text-left text-sm max-lg:block">
      <caption className="sr-only">{caption}</caption>
      <thead className="text-xs text-slate-500 uppercase max-lg:sr-only">
        <tr role="row">
          <th role="columnheader" scope="col" className="pb-2 pr-4 font-semibold">
            Record
          </th>
          <th role="columnheader" scope="col" className="pb-2 pr-4 font-semibold">
            Type
          </th>
          <th role="columnheader" scope="col" className="pb-2 pr-4 font-semibold">
            Name
          </th>
          <th role="columnheader" scope="col" className="pb-2 font-semibold">
            Value
          </th>
        </tr>
      </thead>
      <tbody className="max-lg:block">
        {records.map((record) => (
          <RecordRow key={`${record.purpose}-${record.name}`} record={record} domain={domain} />
        ))}
      </tbody>
    </table>
  );
}
