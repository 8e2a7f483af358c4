// Range with constant operands (no arguments): i32 0..13, i64 counting down by 3, f32 by 0.5 and by
// -0.25, an empty i32 range, f64 by 0.125.
func.func @test() -> (tensor<13xi32>, tensor<5xi64>, tensor<10xf32>, tensor<14xf32>, tensor<0xi32>, tensor<8xf64>) {
  %cst = "tf.Const"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  %cst_0 = "tf.Const"() {value = dense<13> : tensor<i32>} : () -> tensor<i32>
  %cst_1 = "tf.Const"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  %0 = "tf.Range"(%cst, %cst_0, %cst_1) {device = ""} : (tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<13xi32>
  %cst_2 = "tf.Const"() {value = dense<10> : tensor<i64>} : () -> tensor<i64>
  %cst_3 = "tf.Const"() {value = dense<-3> : tensor<i64>} : () -> tensor<i64>
  %1 = "tf.Range"(%cst_2, %cst_3, %cst_3) {device = ""} : (tensor<i64>, tensor<i64>, tensor<i64>) -> tensor<5xi64>
  %cst_4 = "tf.Const"() {value = dense<0.000000e+00> : tensor<f32>} : () -> tensor<f32>
  %cst_5 = "tf.Const"() {value = dense<5.000000e+00> : tensor<f32>} : () -> tensor<f32>
  %cst_6 = "tf.Const"() {value = dense<5.000000e-01> : tensor<f32>} : () -> tensor<f32>
  %2 = "tf.Range"(%cst_4, %cst_5, %cst_6) {device = ""} : (tensor<f32>, tensor<f32>, tensor<f32>) -> tensor<10xf32>
  %cst_7 = "tf.Const"() {value = dense<1.500000e+00> : tensor<f32>} : () -> tensor<f32>
  %cst_8 = "tf.Const"() {value = dense<-2.000000e+00> : tensor<f32>} : () -> tensor<f32>
  %cst_9 = "tf.Const"() {value = dense<-2.500000e-01> : tensor<f32>} : () -> tensor<f32>
  %3 = "tf.Range"(%cst_7, %cst_8, %cst_9) {device = ""} : (tensor<f32>, tensor<f32>, tensor<f32>) -> tensor<14xf32>
  %cst_10 = "tf.Const"() {value = dense<3> : tensor<i32>} : () -> tensor<i32>
  %4 = "tf.Range"(%cst_10, %cst_10, %cst_1) {device = ""} : (tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<0xi32>
  %cst_11 = "tf.Const"() {value = dense<-5.000000e-01> : tensor<f64>} : () -> tensor<f64>
  %cst_12 = "tf.Const"() {value = dense<5.000000e-01> : tensor<f64>} : () -> tensor<f64>
  %cst_13 = "tf.Const"() {value = dense<1.250000e-01> : tensor<f64>} : () -> tensor<f64>
  %5 = "tf.Range"(%cst_11, %cst_12, %cst_13) {device = ""} : (tensor<f64>, tensor<f64>, tensor<f64>) -> tensor<8xf64>
  func.return %0, %1, %2, %3, %4, %5 : tensor<13xi32>, tensor<5xi64>, tensor<10xf32>, tensor<14xf32>, tensor<0xi32>, tensor<8xf64>
}
