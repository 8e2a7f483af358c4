// TensorScatterUpdate (unique indices: rows of a matrix, elements of an i32 vector) and TensorScatterAdd
// (repeated indices accumulate: elements of a matrix, i32 elements with wraparound); indices in range.
func.func @test(%arg0: tensor<?x?xf32>, %arg1: tensor<?x1xi32>, %arg2: tensor<?x?xf32>, %arg3: tensor<?x2xi32>, %arg4: tensor<?xf32>, %arg5: tensor<?xi32>, %arg6: tensor<?x1xi64>, %arg7: tensor<?xi32>) -> (tensor<?x?xf32>, tensor<?x?xf32>, tensor<?xi32>, tensor<?xi32>) {
  %0 = "tf.TensorScatterUpdate"(%arg0, %arg1, %arg2) {device = ""} : (tensor<?x?xf32>, tensor<?x1xi32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  %1 = "tf.TensorScatterAdd"(%arg0, %arg3, %arg4) {device = ""} : (tensor<?x?xf32>, tensor<?x2xi32>, tensor<?xf32>) -> tensor<?x?xf32>
  %2 = "tf.TensorScatterAdd"(%arg5, %arg6, %arg7) {device = ""} : (tensor<?xi32>, tensor<?x1xi64>, tensor<?xi32>) -> tensor<?xi32>
  %3 = "tf.TensorScatterUpdate"(%arg5, %arg6, %arg7) {device = ""} : (tensor<?xi32>, tensor<?x1xi64>, tensor<?xi32>) -> tensor<?xi32>
  func.return %0, %1, %2, %3 : tensor<?x?xf32>, tensor<?x?xf32>, tensor<?xi32>, tensor<?xi32>
}
