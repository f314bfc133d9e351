import { WooConnectForm } from '../woo-connect-form.tsx';
import { WooSetupToggle } from '../woo-setup-toggle.tsx';
import type { WebMarketplaceModule } from './web-marketplace-module.ts';

export default {
  id: 'woocommerce',
  connect: {
    kind: 'form',
    label: 'Connect WooCommerce',
    Form: ({ onClose }) => <WooConnectForm onDone={onClose} />,
  },
  ShopActions: WooSetupToggle,
} satisfies WebMarketplaceModule;
