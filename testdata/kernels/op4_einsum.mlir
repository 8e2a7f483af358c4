// Einsum in its common forms: "ij,jk->ik", "bij,bjk->bik", "ij->ji", "ij,ij->i", "i,j->ij" and the
// attention scores "bhqd,bhkd->bhqk".
func.func @test(%arg0: tensor<?x?xf32>, %arg1: tensor<?x?xf32>, %arg2: tensor<?x?x?xf32>, %arg3: tensor<?x?x?xf32>, %arg4: tensor<?x?xf32>, %arg5: tensor<?xf32>, %arg6: tensor<?xf32>, %arg7: tensor<?x?x?x?xf32>, %arg8: tensor<?x?x?x?xf32>) -> (tensor<?x?xf32>, tensor<?x?x?xf32>, tensor<?x?xf32>, tensor<?xf32>, tensor<?x?xf32>, tensor<?x?x?x?xf32>) {
  %0 = "tf.Einsum"(%arg0, %arg1) {device = "", equation = "ij,jk->ik"} : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  %1 = "tf.Einsum"(%arg2, %arg3) {device = "", equation = "bij,bjk->bik"} : (tensor<?x?x?xf32>, tensor<?x?x?xf32>) -> tensor<?x?x?xf32>
  %2 = "tf.Einsum"(%arg0) {device = "", equation = "ij->ji"} : (tensor<?x?xf32>) -> tensor<?x?xf32>
  %3 = "tf.Einsum"(%arg0, %arg4) {device = "", equation = "ij,ij->i"} : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?xf32>
  %4 = "tf.Einsum"(%arg5, %arg6) {device = "", equation = "i,j->ij"} : (tensor<?xf32>, tensor<?xf32>) -> tensor<?x?xf32>
  %5 = "tf.Einsum"(%arg7, %arg8) {device = "", equation = "bhqd,bhkd->bhqk"} : (tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>) -> tensor<?x?x?x?xf32>
  func.return %0, %1, %2, %3, %4, %5 : tensor<?x?xf32>, tensor<?x?x?xf32>, tensor<?x?xf32>, tensor<?xf32>, tensor<?x?xf32>, tensor<?x?x?x?xf32>
}
