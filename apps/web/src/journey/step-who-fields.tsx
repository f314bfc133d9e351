// Which orders get a step: the buyer, a smallest order total, a word in a product title, one shop.
import {
  BUYER_CONDITIONS,
  JOURNEY_LIMITS,
  type BuyerCondition,
  type Shop,
} from '@thankly/api-contract';
import { Fieldset, SelectField, TextField } from '../components/ui/index.ts';
import type { StepDraft } from './journey-draft.ts';
import type { StepField } from './journey-validation.ts';

const BUYER_LABELS: Record<BuyerCondition, string> = {
  any: 'Any buyer',
  first: 'First order only',
  returning: 'Returning buyers only',
};
const BUYER_OPTIONS = BUYER_CONDITIONS.map((b) => ({ value: b, label: BUYER_LABELS[b] }));

export function StepWhoFields({
  step,
  errors,
  shops,
  onChange,
}: {
  step: StepDraft;
  errors: Partial<Record<StepField, string>>;
  shops: Shop[];
  onChange: (patch: Partial<StepDraft>) => void;
}) {
  const shopOptions = [
    { value: '', label: 'All shops' },
    ...shops.map((shop) => ({ value: shop.id, label: shop.name })),
    // A shop disconnected since the step was saved: still its condition until the seller changes it.
    ...(step.shopId && !shops.some((s) => s.id === step.shopId)
      ? [{ value: step.shopId, label: 'A shop no longer connected' }]
      : []),
  ];
  return (
    <Fieldset legend="Who gets it">
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label="Buyer"
          value={step.buyer}
          options={BUYER_OPTIONS}
          onChange={(buyer) => onChange({ buyer })}
        />
        <SelectField
          label="Shop"
          value={step.shopId}
          options={shopOptions}
          onChange={(shopId) => onChange({ shopId })}
        />
        <TextField
          label="Order total at least"
          type="number"
          inputMode="decimal"
          min={0}
          step="any"
          value={step.minTotal}
          error={errors.minTotal}
          hint="In the order’s currency; empty for any total."
          onChange={(e) => onChange({ minTotal: e.target.value })}
        />
        <TextField
          label="A product title contains"
          value={step.productContains}
          maxLength={JOURNEY_LIMITS.productContainsMax}
          error={errors.productContains}
          hint="Empty for any product."
          onChange={(e) => onChange({ productContains: e.target.value })}
        />
      </div>
    </Fieldset>
  );
}
