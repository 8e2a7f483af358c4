// LinSpace with the count an argument (the result's size is read on the host), f64, and Range after it.
// sweep: arg0.range=-2:2 arg1.range=-2:2 arg2.values=9
func.func @test(%arg0: tensor<f64>, %arg1: tensor<f64>, %arg2: tensor<i64>) -> (tensor<?xf64>, tensor<?xi64>) {
  %zero = "tf.Const"() {device = "", value = dense<0> : tensor<i64>} : () -> tensor<i64>
  %one = "tf.Const"() {device = "", value = dense<1> : tensor<i64>} : () -> tensor<i64>
  %0 = "tf.LinSpace"(%arg0, %arg1, %arg2) {T = f64, Tidx = i64, device = ""} : (tensor<f64>, tensor<f64>, tensor<i64>) -> tensor<?xf64>
  %1 = "tf.Range"(%zero, %arg2, %one) {Tidx = i64, device = ""} : (tensor<i64>, tensor<i64>, tensor<i64>) -> tensor<?xi64>
  func.return %0, %1 : tensor<?xf64>, tensor<?xi64>
}
