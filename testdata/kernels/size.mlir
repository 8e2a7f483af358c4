// Size: the number of elements of x (out_type i32, the default) and of an i1 tensor (out_type i64), host
// values before each run (0 for an empty tensor); a size feeding a Fill's dims.
func.func @test(%x: tensor<?x?xf32>, %y: tensor<?x?x?xi1>) -> (tensor<i32>, tensor<i64>, tensor<?xi32>) {
  %0 = "tf.Size"(%x) {device = ""} : (tensor<?x?xf32>) -> tensor<i32>
  %1 = "tf.Size"(%y) {device = "", out_type = i64} : (tensor<?x?x?xi1>) -> tensor<i64>
  %one = "tf.Const"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  %dims = "tf.Pack"(%0) {axis = 0 : i64, device = ""} : (tensor<i32>) -> tensor<1xi32>
  %2 = "tf.Fill"(%dims, %one) {device = ""} : (tensor<1xi32>, tensor<i32>) -> tensor<?xi32>
  func.return %0, %1, %2 : tensor<i32>, tensor<i64>, tensor<?xi32>
}
