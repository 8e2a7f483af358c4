// sandjit-test: rtol=1e-12 atol=1e-300
// TF's two-argument special functions on f64, broadcasting: Zeta(x, q) with x = 1 (+Inf) and x < 1 (NaN);
// Polygamma(n, x) with n = 0 (digamma), whole n up to 5, and n negative or fractional (NaN); Igamma and
// Igammac(a, x) with x = 0, +Inf, negative x and a <= 0. The tolerance covers the incomplete gamma's
// continued fraction (internal/wasmmath's ULP table: up to a few hundred f64 ULP for a in [10, 100]).
func.func @test(%x: tensor<?x?xf64>, %q: tensor<?xf64>, %n: tensor<?xf64>, %xp: tensor<?x?xf64>, %a: tensor<?x?xf64>, %ax: tensor<?xf64>) -> (tensor<?x?xf64>, tensor<?x?xf64>, tensor<?x?xf64>, tensor<?x?xf64>) {
  %0 = "tf.Zeta"(%x, %q) {device = ""} : (tensor<?x?xf64>, tensor<?xf64>) -> tensor<?x?xf64>
  %1 = "tf.Polygamma"(%n, %xp) {device = ""} : (tensor<?xf64>, tensor<?x?xf64>) -> tensor<?x?xf64>
  %2 = "tf.Igamma"(%a, %ax) {device = ""} : (tensor<?x?xf64>, tensor<?xf64>) -> tensor<?x?xf64>
  %3 = "tf.Igammac"(%a, %ax) {device = ""} : (tensor<?x?xf64>, tensor<?xf64>) -> tensor<?x?xf64>
  func.return %0, %1, %2, %3 : tensor<?x?xf64>, tensor<?x?xf64>, tensor<?x?xf64>, tensor<?x?xf64>
}
