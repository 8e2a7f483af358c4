// sandjit-test: rtol=0 atol=0
// Range with start, limit and delta as plain arguments (no constraint): the host reads them for the size;
// the kernel reads them from its arguments, exact for i64 values beyond the i32 range.
func.func @test(%arg0: tensor<i32>, %arg1: tensor<i32>, %arg2: tensor<i32>, %arg3: tensor<i64>, %arg4: tensor<i64>, %arg5: tensor<i64>) -> (tensor<?xi32>, tensor<?xi64>) {
  %0 = "tf.Range"(%arg0, %arg1, %arg2) {device = ""} : (tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<?xi32>
  %1 = "tf.Range"(%arg3, %arg4, %arg5) {device = ""} : (tensor<i64>, tensor<i64>, tensor<i64>) -> tensor<?xi64>
  func.return %0, %1 : tensor<?xi32>, tensor<?xi64>
}
