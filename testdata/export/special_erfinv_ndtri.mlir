// Erfinv and Ndtri on (-1, 1) / (0, 1), BesselI0e/I1e, Erfc, f64.
// sweep: arg0.range=-0.99:0.99 rtol=1e-9 atol=1e-12
func.func @test(%V__0: tensor<?xf64> { python_test_attrs.static_type = tensor<20xf64> }) -> (tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>) {
  %half = "tf.Const"() {device = "", value = dense<5.000000e-01> : tensor<f64>} : () -> tensor<f64>
  %0 = "tf.Erfinv"(%V__0) {T = f64, device = ""} : (tensor<?xf64>) -> tensor<?xf64>
  %p = "tf.Mul"(%V__0, %half) {T = f64, device = ""} : (tensor<?xf64>, tensor<f64>) -> tensor<?xf64>
  %q = "tf.AddV2"(%p, %half) {T = f64, device = ""} : (tensor<?xf64>, tensor<f64>) -> tensor<?xf64>
  %1 = "tf.Ndtri"(%q) {T = f64, device = ""} : (tensor<?xf64>) -> tensor<?xf64>
  %2 = "tf.BesselI0e"(%V__0) {T = f64, device = ""} : (tensor<?xf64>) -> tensor<?xf64>
  %3 = "tf.BesselI1e"(%V__0) {T = f64, device = ""} : (tensor<?xf64>) -> tensor<?xf64>
  %4 = "tf.Erfc"(%V__0) {T = f64, device = ""} : (tensor<?xf64>) -> tensor<?xf64>
  func.return %0, %1, %2, %3, %4 : tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>
}
