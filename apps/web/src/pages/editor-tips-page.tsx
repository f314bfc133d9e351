import type { TokenName } from '@thankly/email';
import { Article } from '../components/article.tsx';

// The reader's words for each token of packages/email's list; typed by it, so a token added there
// fails the type check until it is explained here. Type-only: this page loads none of that package.
const TOKEN_MEANINGS = {
  'customer-first-name': 'Buyer’s first name',
  'customer-last-name': 'Buyer’s last name',
  'order-number': 'Marketplace order number',
  'order-date': 'Date the order was placed',
  'product-title-list': 'Names of the items bought',
  'shop-name': 'Your shop’s name',
  'shop-url': 'Link to your shop',
  'review-link': 'Where the buyer leaves a review on your marketplace',
  'coupon-code': 'Your coupon code',
  'order-total': 'Order total',
  'tracking-link': 'Shipment tracking link (once the order ships)',
  'tracking-number': 'Carrier tracking number (once the order ships)',
  'order-count': 'How many times this buyer has ordered from your shop, this order included',
  'welcome-back': 'A welcome-back line, shown only to buyers who ordered before',
} as const satisfies Record<TokenName, string>;

export default function EditorTipsPage() {
  return (
    <Article
      kicker="Editor tips"
      title="Editor tips: build a better thank-you email"
      lead="The Thankly editor works with blocks: headings, text, buttons, images, dividers, spacers and columns. These tips help you get a polished email in a few minutes."
    >
      <h2>Brand kit and starter designs</h2>
      <ul>
        <li>
          Set your logo, primary, background and text colours, font and sign-off once on the{' '}
          <strong>Brand</strong> page of the app. A live sample email shows them as you type, and a
          hint warns when the text would be hard to read on the background.
        </li>
        <li>
          <strong>New template</strong> starts from a gallery of starter designs (a classic
          thank-you, a coupon for the next order, a review request and more) already wearing your
          brand, or from Blank. Nothing is saved until you press Save.
        </li>
        <li>
          Already send a thank-you from another tool? <strong>Import HTML</strong>, beside New
          template, takes the email's HTML (pasted, or a .html file up to 512 KB). Headings, text,
          pictures, buttons, columns, dividers and spacing become blocks you can edit; anything else
          is kept as it was as a locked HTML block, which you can move or delete but not edit.
          Scripts, forms and unsafe links are removed. Pictures stay at their own addresses: Thankly
          does not copy them, so replace any you want kept safe with one from Your images.
        </li>
        <li>
          For a template made before your brand, open it and press <strong>Apply brand</strong> in
          the Style tab. It is one step: Undo takes it back.
        </li>
      </ul>
      <h2>Use tokens for the personal touch</h2>
      <p>
        Open <strong>Show tokens</strong> in the editor and copy a token into your subject or text.
        Combine them: “Hi [customer-first-name], thanks for order [order-number]!” reads as if you
        wrote it by hand.
      </p>
      <p>
        Greet buyers who come back: put [welcome-back|So good to see you again!] in a text block of
        its own, with your own words after the bar. Buyers who ordered from your shop before read
        your line; on a first order the block is left out. It works on Etsy even when Etsy keeps the
        buyer’s email address to itself, and on printed cards and Etsy messages too.
      </p>
      <div className="overflow-x-auto rounded-xl border border-slate-200">
        <table className="w-full text-left text-sm">
          <thead className="bg-slate-50">
            <tr>
              <th scope="col" className="px-4 py-2">
                Token
              </th>
              <th scope="col" className="px-4 py-2">
                Becomes
              </th>
            </tr>
          </thead>
          <tbody>
            {Object.entries(TOKEN_MEANINGS).map(([token, meaning]) => (
              <tr key={token} className="border-t border-slate-200">
                <td className="px-4 py-2">
                  <code>{`[${token}]`}</code>
                </td>
                <td className="px-4 py-2">{meaning}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <h2>Layout</h2>
      <ul>
        <li>Hover a block to add a new one above or below it; the picker closes with Escape.</li>
        <li>Use a Columns block (up to four) to put a product photo beside a short note.</li>
        <li>
          Drag the handle on a block’s right edge to change its width; it snaps at 25, 33, 50, 66
          and 75%.
        </li>
        <li>Keep it short: a heading, two or three short paragraphs and one button.</li>
      </ul>
      <h2>Buttons and images</h2>
      <ul>
        <li>
          Make the button say what happens: “Visit the shop”, “Track my order”, “Leave a review”.
        </li>
        <li>Use full-width buttons on emails that are mostly read on phones.</li>
        <li>
          Drop a picture onto the email, paste it, or use Upload image in the image block: Thankly
          keeps it (PNG, JPEG, GIF or WebP up to 5 MB, resized for email) under Your images, ready
          for your next template.
        </li>
        <li>
          Always fill in the alt text: many mail apps hide pictures until the buyer allows them.
        </li>
      </ul>
      <h2>Check before you send</h2>
      <ul>
        <li>Switch to Mobile preview: most buyers open email on a phone.</li>
        <li>Try the Dark simulation so a dark logo does not vanish on a dark background.</li>
        <li>Send a test email to yourself from the dashboard before selecting the template.</li>
      </ul>
    </Article>
  );
}
