import { Article } from '../components/article.tsx';
import { ProductPicture } from '../components/marketplaces.tsx';
import { SITE_IMAGES } from './site-images.ts';

const IDEAS = [
  {
    title: 'The handmade maker',
    subject: 'Made by hand, packed with care, [customer-first-name]',
    points: [
      'A photo of your workbench or studio under the logo',
      'Two sentences on how the piece was made',
      'Care instructions so it lasts for years',
    ],
  },
  {
    title: 'The vintage finder',
    subject: 'Your find from [shop-name] is on its way',
    points: [
      'The story of where the item was found',
      'A note that each piece is one of a kind',
      'A button to see new arrivals in the shop',
    ],
  },
  {
    title: 'Digital downloads',
    subject: 'Thank you! Here is how to get the most from your files',
    points: [
      'Where to find the files in the marketplace',
      'A short "how to print" or "how to install" guide',
      'A coupon for a matching bundle',
    ],
  },
  {
    title: 'Print on demand',
    subject: 'Order [order-number] is being printed just for you',
    points: [
      'Set expectations: printing takes a few days',
      'The [tracking-link] token for when it ships',
      'A reminder that every order supports the artist',
    ],
  },
  {
    title: 'Returning buyer',
    subject: 'So good to see you again, [customer-first-name]',
    points: [
      'Say you noticed they came back',
      'A bigger coupon with [coupon-code] as a thank-you',
      'A link to leave a review if they love it',
    ],
  },
  {
    title: 'Holiday season',
    subject: 'Happy holidays from all of us at [shop-name]',
    points: [
      'Festive colours and a seasonal header image',
      'Last order dates for delivery before the holidays',
      'Scheduled by date range so it switches off on its own',
    ],
  },
] as const;

export default function TemplateInspirationPage() {
  return (
    <Article
      kicker="Template inspiration"
      title="Template inspiration for every kind of shop"
      lead="A good thank-you email is short, warm and specific. Start from one of the designs below or one of the six ideas after them, swap in your own words, and keep the tokens so every buyer sees their own details."
    >
      <h2 className="!mt-0">Starter designs, ready to send</h2>
      <p>
        Every new template in Thankly can start from one of these designs. They wear your logo and
        colours from the brand kit, and each buyer sees their own name and order. Here they are with
        a sample order filled in.
      </p>
      <ul className="!list-none !pl-0 grid gap-6 sm:grid-cols-2" data-starter-gallery>
        {SITE_IMAGES.starters.map((starter, index) => (
          <li key={starter.id} className="!mt-0">
            <figure>
              <div className="overflow-hidden rounded-xl border border-slate-200 bg-white">
                {/* The first row is in the first screen at desktop width. */}
                <ProductPicture picture={starter} eager={index < 2} />
              </div>
              <figcaption className="mt-2 text-sm">
                <span className="font-semibold text-slate-900">{starter.name}</span>
                <span className="block text-slate-600">{starter.description}</span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
      <h2>Six ideas for your own</h2>
      <ul className="!list-none !pl-0 grid gap-4 sm:grid-cols-2">
        {IDEAS.map((idea) => (
          <li key={idea.title} className="rounded-xl border border-slate-200 p-5">
            <h2 className="!mt-0 !text-lg">{idea.title}</h2>
            <p className="mt-2 text-sm">
              <span className="font-medium">Subject:</span> <code>{idea.subject}</code>
            </p>
            <ul className="mt-3 text-sm">
              {idea.points.map((point) => (
                <li key={point}>{point}</li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
      <h2>What every template should have</h2>
      <ol>
        <li>Your logo at the top, so the buyer knows who it is from at a glance.</li>
        <li>The buyer’s first name and the order number, so it reads as personal.</li>
        <li>One clear button: visit the shop, track the order or leave a review.</li>
        <li>A small reason to come back, like a 20% coupon for the next order.</li>
        <li>A human sign-off with your name.</li>
      </ol>
    </Article>
  );
}
