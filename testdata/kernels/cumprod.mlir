// sandjit-test: rtol=1e-5 atol=1e-30
// Cumprod, the scan family's product: f32 along axis 0 and 1 with every exclusive/reverse combination (a
// negative axis, an i64 axis constant; NaN, ±Inf, ±0 among the factors), i32 (wraps at every step), f16
// (rounded to f16 at every step) and i64 exclusive (starts from 1). Factors near 1 keep the f32 products in
// range; each step rounds once, as TF's scan does.
func.func @test(%x: tensor<?x?xf32>, %n: tensor<?x?xi32>, %h: tensor<?xf16>, %l: tensor<?xi64>) -> (tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xi32>, tensor<?x?xi32>, tensor<?xf16>, tensor<?xi64>) {
  %c0 = "tf.Const"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  %c1 = "tf.Const"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  %cm1 = "tf.Const"() {value = dense<-1> : tensor<i64>} : () -> tensor<i64>
  %0 = "tf.Cumprod"(%x, %c0) {device = "", exclusive = false, reverse = false} : (tensor<?x?xf32>, tensor<i32>) -> tensor<?x?xf32>
  %1 = "tf.Cumprod"(%x, %c1) {device = "", exclusive = true, reverse = false} : (tensor<?x?xf32>, tensor<i32>) -> tensor<?x?xf32>
  %2 = "tf.Cumprod"(%x, %c1) {device = "", exclusive = false, reverse = true} : (tensor<?x?xf32>, tensor<i32>) -> tensor<?x?xf32>
  %3 = "tf.Cumprod"(%x, %cm1) {device = "", exclusive = true, reverse = true} : (tensor<?x?xf32>, tensor<i64>) -> tensor<?x?xf32>
  %4 = "tf.Cumprod"(%n, %c0) {device = ""} : (tensor<?x?xi32>, tensor<i32>) -> tensor<?x?xi32>
  %5 = "tf.Cumprod"(%n, %c1) {device = "", exclusive = true, reverse = true} : (tensor<?x?xi32>, tensor<i32>) -> tensor<?x?xi32>
  %6 = "tf.Cumprod"(%h, %c0) {device = ""} : (tensor<?xf16>, tensor<i32>) -> tensor<?xf16>
  %7 = "tf.Cumprod"(%l, %c0) {device = "", exclusive = true} : (tensor<?xi64>, tensor<i32>) -> tensor<?xi64>
  func.return %0, %1, %2, %3, %4, %5, %6, %7 : tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xi32>, tensor<?x?xi32>, tensor<?xf16>, tensor<?xi64>
}
