// sandjit-test: rtol=1e-12 atol=1e-300
// Betainc(a, b, x), the regularized incomplete beta function, as TF's BetaincOp: a, b, x of one shape, or
// rank-0 operands broadcast to the others' shape. Edges: x = 0 (0), x = 1 (1), a <= 0, x outside [0, 1] and
// NaN (NaN). An f32 case runs the f64 algorithm on promoted lanes. The tolerance covers the continued
// fraction's error for a, b up to 60 (internal/wasmmath's ULP table).
func.func @test(%a: tensor<?x?xf64>, %b: tensor<?x?xf64>, %x: tensor<?x?xf64>, %s: tensor<f64>, %s32: tensor<f32>, %x32: tensor<?xf32>) -> (tensor<?x?xf64>, tensor<?x?xf64>, tensor<?x?xf64>, tensor<?xf32>) {
  %0 = "tf.Betainc"(%a, %b, %x) {device = ""} : (tensor<?x?xf64>, tensor<?x?xf64>, tensor<?x?xf64>) -> tensor<?x?xf64>
  %1 = "tf.Betainc"(%s, %b, %x) {device = ""} : (tensor<f64>, tensor<?x?xf64>, tensor<?x?xf64>) -> tensor<?x?xf64>
  %2 = "tf.Betainc"(%a, %s, %x) {device = ""} : (tensor<?x?xf64>, tensor<f64>, tensor<?x?xf64>) -> tensor<?x?xf64>
  %3 = "tf.Betainc"(%s32, %s32, %x32) {device = ""} : (tensor<f32>, tensor<f32>, tensor<?xf32>) -> tensor<?xf32>
  func.return %0, %1, %2, %3 : tensor<?x?xf64>, tensor<?x?xf64>, tensor<?x?xf64>, tensor<?xf32>
}
