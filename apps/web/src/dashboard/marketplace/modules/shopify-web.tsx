import { ShopifyConnectForm } from '../shopify-connect-form.tsx';
import type { WebMarketplaceModule } from './web-marketplace-module.ts';

export default {
  id: 'shopify',
  connect: {
    kind: 'form',
    label: 'Connect Shopify',
    Form: ({ onClose }) => <ShopifyConnectForm onCancel={onClose} />,
  },
} satisfies WebMarketplaceModule;
