// Cumsum on f64 along axis 1 and (reverse, exclusive) along axis 0.
func.func @test(%arg0: tensor<?x?xf64>) -> (tensor<?x?xf64>, tensor<?x?xf64>) {
  %cst = "tf.Const"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  %0 = "tf.Cumsum"(%arg0, %cst) {device = "", exclusive = false, reverse = false} : (tensor<?x?xf64>, tensor<i32>) -> tensor<?x?xf64>
  %cst_0 = "tf.Const"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  %1 = "tf.Cumsum"(%arg0, %cst_0) {device = "", exclusive = true, reverse = true} : (tensor<?x?xf64>, tensor<i32>) -> tensor<?x?xf64>
  func.return %0, %1 : tensor<?x?xf64>, tensor<?x?xf64>
}
