import { CalendarDays, CheckSquare, NotebookPen, Settings } from 'lucide-react';

/** The spec's description of the app: the whole box for a new user (the empty state). */
export function AboutBox() {
  return (
    <section className="card description" aria-labelledby="about-title">
      <h2 id="about-title" className="card-title">
        Your cozy workspace, built for focus
      </h2>
      <p>
        Prodify keeps your day in one calm place. Everything here is yours alone, stored on your own
        server.
      </p>
      <ul className="feature-list">
        <li>
          <NotebookPen aria-hidden="true" size={20} />
          <span>
            <strong>Note Taking:</strong> write notes and get a summary of each one, made on your
            machine.
          </span>
        </li>
        <li>
          <CheckSquare aria-hidden="true" size={20} />
          <span>
            <strong>To-Do List:</strong> tasks with priorities and due dates, soonest first.
          </span>
        </li>
        <li>
          <CalendarDays aria-hidden="true" size={20} />
          <span>
            <strong>Calendar:</strong> pick a day and keep its events, with or without a time.
          </span>
        </li>
        <li>
          <Settings aria-hidden="true" size={20} />
          <span>
            <strong>Settings:</strong> change your username or password, or delete your account.
          </span>
        </li>
      </ul>
    </section>
  );
}
