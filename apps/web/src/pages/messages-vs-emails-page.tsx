import { Link } from 'react-router';
import { Article } from '../components/article.tsx';

const COMPARISON = [
  ['Looks like', 'Plain text in the marketplace inbox', 'Your logo, colours and fonts'],
  [
    'Personal details',
    'Usually copied by hand, if at all',
    'Name, order number, products filled in',
  ],
  ['Links back to you', 'Often stripped or not allowed', 'Buttons to your shop, tracking, reviews'],
  ['Coupon for next time', 'Easy to miss in the text', 'Stands out as a highlighted block'],
  ['Effort per order', 'A minute or two, every order', 'None after setup'],
  ['Seasonal versions', 'Remember to change your text', 'Scheduled by date range'],
] as const;

export default function MessagesVsEmailsPage() {
  return (
    <Article
      kicker="Messages vs Emails"
      title="Thank-you messages vs branded thank-you emails"
      lead="Most sellers already say thanks with a quick message through the marketplace. It is a kind habit, but it is not the same as a thank-you email that looks like your brand. Here is the difference, and when each one makes sense."
    >
      <h2>The plain thank-you message</h2>
      <p>
        A marketplace message is fast to send and lands where the buyer already talks to you. For a
        shop with a handful of orders a week it is a fine start. The limits show as you grow: the
        message is plain text, it sits between shipping notices and other sellers’ messages, and
        writing or pasting it for every order takes time you would rather spend making things.
      </p>
      <h2>The branded thank-you email</h2>
      <p>
        A branded email arrives in the buyer’s own inbox and looks like it came from your shop, not
        from the marketplace. It can carry your logo, a photo of the item, a clear button to your
        shop and a coupon that stands out. Because it is built from a template with tokens, every
        email says the buyer’s name and order number without you typing them.
      </p>
      <h2>Side by side</h2>
      <div className="overflow-x-auto rounded-xl border border-slate-200">
        <table className="w-full min-w-[30rem] text-left text-sm">
          <thead className="bg-slate-50">
            <tr>
              <th scope="col" className="px-4 py-2">
                <span className="sr-only">Aspect</span>
              </th>
              <th scope="col" className="px-4 py-2">
                Thank-you message
              </th>
              <th scope="col" className="px-4 py-2">
                Branded email
              </th>
            </tr>
          </thead>
          <tbody>
            {COMPARISON.map(([aspect, message, email]) => (
              <tr key={aspect} className="border-t border-slate-200">
                <th scope="row" className="px-4 py-2 font-medium">
                  {aspect}
                </th>
                <td className="px-4 py-2">{message}</td>
                <td className="px-4 py-2">{email}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <h2>When a message is enough</h2>
      <ul>
        <li>You sell a few items a month and enjoy writing each note by hand.</li>
        <li>You need to ask the buyer a question about their order (size, personalisation).</li>
        <li>The marketplace requires order conversations to stay on the platform.</li>
      </ul>
      <h2>When an email works harder</h2>
      <ul>
        <li>You want repeat buyers: a coupon in a branded email is hard to miss.</li>
        <li>You want reviews: a friendly email with a clear button makes it easy.</li>
        <li>You have more orders than time, or you run seasonal sales and holiday messages.</li>
      </ul>
      <h2>Use both</h2>
      <p>
        The two work well together. Keep the marketplace thread for questions about a specific
        order, and let a branded thank-you email do the welcoming, the coupon and the invitation to
        come back. With Thankly the email part runs on its own once your shop is connected. Need
        ideas for what to write? Browse the{' '}
        <Link to="/template-inspiration">template inspiration</Link>.
      </p>
    </Article>
  );
}
