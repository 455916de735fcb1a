import { Form, Link, useNavigation } from "@remix-run/react";
import { Button, buttonClass } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { AdminTable } from "./admin-table";
import { Badge } from "./badge";

export type UsersTabData = {
  search: string;
  users: { id: number; email: string; phone: string; roles: string[] }[];
  total: number;
  page: number;
  pageCount: number;
  pageSize: number;
};

function usersHref(search: string, page: number) {
  const params = new URLSearchParams({ tab: "users" });
  if (search) params.set("q", search);
  if (page > 1) params.set("page", String(page));
  return `/admin?${params}`;
}

export function UsersTab({ data }: { data: UsersTabData }) {
  const first = data.total === 0 ? 0 : (data.page - 1) * data.pageSize + 1;
  const last = Math.min(data.page * data.pageSize, data.total);
  return (
    <Card>
      <CardHeader className="gap-4 sm:flex-row sm:items-center sm:justify-between sm:space-y-0">
        <CardTitle className="text-xl">Users</CardTitle>
        <Badge tone="secondary" data-testid="total-users">
          Total Users: {data.total}
        </Badge>
      </CardHeader>
      <CardContent className="space-y-4">
        <Form method="get" action="/admin" role="search" className="flex gap-2 sm:max-w-md">
          <input type="hidden" name="tab" value="users" />
          <label htmlFor="user-search" className="sr-only">
            Search users
          </label>
          <Input
            id="user-search"
            type="search"
            name="q"
            defaultValue={data.search}
            placeholder="Search by email or phone..."
            maxLength={200}
          />
          <Button type="submit" variant="outline">
            Search
          </Button>
        </Form>
        <AdminTable
          caption="Users"
          columns={["ID", "Email", "Phone", "Roles", "Actions"]}
          empty={data.users.length === 0 ? "No users found matching your search." : null}
        >
          {data.users.map((user) => (
            <UserRow key={user.id} user={user} />
          ))}
        </AdminTable>
        {data.pageCount > 1 ? (
          <nav
            aria-label="Users pages"
            className="flex flex-wrap items-center justify-between gap-2 text-sm"
          >
            <p className="text-muted-foreground">
              Showing {first} to {last} of {data.total}
            </p>
            <div className="flex items-center gap-2">
              {data.page > 1 ? (
                <Link
                  to={usersHref(data.search, data.page - 1)}
                  className={buttonClass("outline", "sm")}
                >
                  Previous
                </Link>
              ) : null}
              <span aria-current="page">
                Page {data.page} of {data.pageCount}
              </span>
              {data.page < data.pageCount ? (
                <Link
                  to={usersHref(data.search, data.page + 1)}
                  className={buttonClass("outline", "sm")}
                >
                  Next
                </Link>
              ) : null}
            </div>
          </nav>
        ) : null}
      </CardContent>
    </Card>
  );
}

function UserRow({ user }: { user: UsersTabData["users"][number] }) {
  const navigation = useNavigation();
  const pending =
    navigation.state === "submitting" &&
    navigation.formData?.get("intent") === "toggle-admin" &&
    navigation.formData?.get("userId") === String(user.id);
  const admin = user.roles.includes("admin");
  return (
    <tr className="border-b last:border-0" data-testid="user-row">
      <td className="px-3 py-2 tabular-nums">{user.id}</td>
      <td className="px-3 py-2 break-all">{user.email}</td>
      <td className="px-3 py-2 whitespace-nowrap">{user.phone}</td>
      <td className="px-3 py-2">
        {user.roles.length === 0 ? (
          <span className="text-muted-foreground">None</span>
        ) : (
          <span className="flex flex-wrap gap-1">
            {user.roles.map((role) => (
              <Badge key={role} tone={role === "admin" ? "default" : "outline"}>
                {role}
              </Badge>
            ))}
          </span>
        )}
      </td>
      <td className="px-3 py-2">
        <Form method="post">
          <input type="hidden" name="intent" value="toggle-admin" />
          <input type="hidden" name="userId" value={user.id} />
          <Button
            type="submit"
            size="sm"
            variant={admin ? "outline" : "default"}
            disabled={pending}
            aria-disabled={pending}
          >
            {admin ? "Remove Admin" : "Make Admin"}
          </Button>
        </Form>
      </td>
    </tr>
  );
}
